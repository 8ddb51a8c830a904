import { describe, expect, it } from "vitest";
import { RegisterSchema } from "~/modules/auth/schemas";
import { CardSchema } from "~/modules/cards/schemas";
import { CreateChatSchema } from "~/modules/chats/schemas";
import { ProfileSchema } from "~/modules/users/schemas";
import { checkbox, INVISIBLE_IN_NAME, optionalText, stripInvisible } from "~/utils/zod-fields";

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

describe("names refuse invisible and text-direction characters", () => {
  const INVISIBLE = {
    "zero-width space": "\u200B",
    "zero-width non-joiner": "\u200C",
    "zero-width joiner": "\u200D",
    "word joiner": "\u2060",
    "byte-order mark inside": "\uFEFF",
    "left-to-right mark": "\u200E",
    "right-to-left mark": "\u200F",
    "Arabic letter mark": "\u061C",
    "right-to-left override": "\u202E",
    "left-to-right override": "\u202D",
    "right-to-left embedding": "\u202B",
    "pop directional formatting": "\u202C",
    "right-to-left isolate": "\u2067",
    "first strong isolate": "\u2068",
    "pop directional isolate": "\u2069",
    "soft hyphen": "\u00AD",
    NUL: "\u0000",
    bell: "\u0007",
    newline: "\n",
    "line separator": "\u2028",
    "Hangul filler": "\u3164",
    "braille blank": "\u2800",
  };
  const FIELDS = {
    "register username": (name: string) => RegisterSchema.safeParse({ ...account, username: `ab${name}cd` }),
    "register first name": (name: string) => RegisterSchema.safeParse({ ...account, firstName: `Jo${name}e` }),
    "profile last name": (name: string) =>
      ProfileSchema.safeParse({ username: "someone", email: "a@b.co", lastName: `Do${name}e` }),
    "chat name": (name: string) => CreateChatSchema.safeParse({ name: `Plans${name}2026`, targetUserId: "someone" }),
    "card name": (name: string) => CardSchema.safeParse({ name: `Sapphire${name}Reserve`, issuer: "Chase" }),
    "card issuer": (name: string) => CardSchema.safeParse({ name: "Sapphire", issuer: `Ch${name}ase` }),
  };
  const account = {
    username: "someone",
    email: "someone@example.test",
    password: "passw0rd-ok",
    confirmPassword: "passw0rd-ok",
  };

  for (const [field, parse] of Object.entries(FIELDS)) {
    it.each(Object.entries(INVISIBLE))(`${field}: %s is a clear error`, (_label, character) => {
      const result = parse(character);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVISIBLE_IN_NAME]);
    });
  }

  it.each(["José", "Zoë Ørsted", "王伟", "O'Brien", "Anne-Marie", "محمد", "Ἀλέξανδρος"])(
    "keeps real names such as %s",
    (name) => {
      expect(RegisterSchema.safeParse({ ...account, firstName: name, lastName: name }).success).toBe(true);
      expect(CardSchema.safeParse({ name, issuer: name }).success).toBe(true);
      expect(CreateChatSchema.safeParse({ name, targetUserId: "someone" }).success).toBe(true);
    },
  );

  it("strips them from names that come from elsewhere (Google)", () => {
    expect(stripInvisible("Ev\u202Eil\u200B Name")).toBe("Evil Name");
  });
});
