import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema, ResetPasswordSchema } from "~/modules/auth/schemas";
import { safeRedirect } from "~/utils/redirect";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("RegisterSchema", () => {
  it("reports every problem at once with the spec's words", () => {
    expect(messages(RegisterSchema.safeParse({ password: "abcdefgh1", confirmPassword: "x" }))).toEqual({
      username: "Username is required",
      email: "Email is required",
      confirmPassword: "Passwords do not match",
    });
  });

  it("enforces 8-128 characters with letters and numbers", () => {
    const base = { username: "sam", email: "sam@example.test" };
    const check = (password: string) =>
      messages(RegisterSchema.safeParse({ ...base, password, confirmPassword: password })).password;
    expect(check("abc1")).toBe("Password must be at least 8 characters");
    expect(check("abcdefgh")).toBe("At least 8 characters with letters and numbers");
    expect(check("12345678")).toBe("At least 8 characters with letters and numbers");
    expect(check(`a1${"x".repeat(127)}`)).toBe("Password must be at most 128 characters");
    expect(check("abcdefg1")).toBeUndefined();
  });

  it("normalises the email and trims names", () => {
    const parsed = RegisterSchema.parse({
      username: "sam",
      email: " Sam@Example.TEST ",
      firstName: "  Sam ",
      password: "abcdefg1",
      confirmPassword: "abcdefg1",
    });
    expect(parsed.email).toBe("sam@example.test");
    expect(parsed.firstName).toBe("Sam");
    expect(parsed.lastName).toBe("");
  });
});

describe("LoginSchema", () => {
  it("requires both fields and reads the Remember me checkbox", () => {
    expect(messages(LoginSchema.safeParse({}))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(LoginSchema.parse({ email: "a@b.co", password: "x", remember: "on" }).remember).toBe(true);
    expect(LoginSchema.parse({ email: "a@b.co", password: "x" }).remember).toBe(false);
  });
});

describe("ResetPasswordSchema", () => {
  it("needs a token and matching passwords", () => {
    const result = messages(ResetPasswordSchema.safeParse({ password: "abcdefg1", confirmPassword: "abcdefg2" }));
    expect(Object.keys(result).sort()).toEqual(["confirmPassword", "token"]);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/apply?x=1#top")).toBe("/apply?x=1#top");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });
});
