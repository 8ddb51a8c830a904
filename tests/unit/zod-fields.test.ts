import { describe, expect, it } from "vitest";
import { checkbox, optionalText } from "~/utils/zod-fields";

describe("optionalText", () => {
  it("trims, turns absent into an empty string and refuses long text with the given message", () => {
    const field = optionalText(5, "Too long");
    expect(field.parse("  hi  ")).toBe("hi");
    expect(field.parse(undefined)).toBe("");
    expect(field.safeParse("abcdef").error?.issues[0].message).toBe("Too long");
    expect(optionalText(3).safeParse("abcd").error?.issues[0].message).toBe("At most 3 characters");
  });
});

describe("checkbox", () => {
  it("reads a form's 'on' or a JSON boolean; absent is off", () => {
    expect([true, "on", "true"].map((value) => checkbox.parse(value))).toEqual([true, true, true]);
    expect([false, "false", undefined].map((value) => checkbox.parse(value))).toEqual([false, false, false]);
    expect(checkbox.safeParse("yes").success).toBe(false);
  });
});
