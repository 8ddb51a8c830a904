import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VERIFY_BAD_TOKEN,
  VERIFY_NO_TOKEN,
  VerifyEmailSchema,
} from "~/modules/auth/schemas";
import { ChangePasswordSchema } from "~/modules/users/schemas";
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

  it("says one thing per password field, the most useful first (docs/product.md#auth)", () => {
    const posted = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      return data;
    };
    const cases: [string, Record<string, string>, Record<string, string[]>][] = [
      [
        "both empty",
        { password: "", confirmPassword: "" },
        { password: ["Password is required"], confirmPassword: ["Please confirm your password"] },
      ],
      ["short", { password: "abc", confirmPassword: "abc" }, { password: ["Password must be at least 8 characters"] }],
      [
        "no digit",
        { password: "abcdefgh", confirmPassword: "abcdefgh" },
        { password: ["At least 8 characters with letters and numbers"] },
      ],
      [
        "confirm empty",
        { password: "abcdefg1", confirmPassword: "" },
        { confirmPassword: ["Please confirm your password"] },
      ],
      [
        "mismatch",
        { password: "abcdefg1", confirmPassword: "abcdefg2" },
        { confirmPassword: ["Passwords do not match"] },
      ],
    ];
    for (const [, fields, expected] of cases) {
      const register = parseWithZod(posted({ username: "sam", email: "sam@example.test", ...fields }), {
        schema: RegisterSchema,
      });
      expect(register.reply().error).toEqual(expected);
      const { password, ...rest } = fields;
      const change = parseWithZod(posted({ currentPassword: "old", newPassword: password!, ...rest }), {
        schema: ChangePasswordSchema,
      });
      const renamed = Object.fromEntries(
        Object.entries(expected).map(([key, value]) => [
          key === "password" ? "newPassword" : key,
          value.map((text) => (text === "Password is required" ? "New password is required" : text)),
        ]),
      );
      expect(change.reply().error).toEqual(renamed);
    }
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

describe("VerifyEmailSchema", () => {
  it("tells a missing token from a malformed one", () => {
    expect(messages(VerifyEmailSchema.safeParse({})).token).toBe(VERIFY_NO_TOKEN);
    expect(messages(VerifyEmailSchema.safeParse({ token: "" })).token).toBe(VERIFY_NO_TOKEN);
    expect(messages(VerifyEmailSchema.safeParse({ token: "abc" })).token).toBe(VERIFY_BAD_TOKEN);
    expect(messages(VerifyEmailSchema.safeParse({ token: 5 })).token).toBe(VERIFY_BAD_TOKEN);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/apply?x=1#top")).toBe("/apply?x=1#top");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });

  // OWASP's open-redirect cheat sheet and its filter-evasion lists (slashes, backslashes, dot
  // segments, percent-encoding, whitespace, schemes): each must fall back, never reach a Location.
  const BYPASSES = [
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\/\\/evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/././/evil.example",
    "/..//evil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5cevil.example",
    "/%5C%5Cevil.example",
    "/%2e%2e%2f%2fevil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    " //evil.example",
    "%2f%2fevil.example",
    "https://evil.example",
    "http:evil.example",
    "http:/evil.example",
    "https:/\\evil.example",
    "//evil.example@cardshare.example",
    "//evil.example/%2f..",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
  ];

  it.each(BYPASSES)("falls back for %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
    expect(safeRedirect(target, "/dashboard")).toBe("/dashboard");
  });

  it.each([
    ["/apply", "/apply"],
    ["/chat?chatId=abc", "/chat?chatId=abc"],
    ["/a/../dashboard", "/dashboard"],
    ["/./apply?q=a b", "/apply?q=a%20b"],
    ["/profile/u1#about", "/profile/u1#about"],
    ["/%252f%252fevil.example", "/%252f%252fevil.example"],
  ])("keeps %j on this site as %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("never answers a protocol-relative path, whatever it is given", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2f", "%5c", "evil.example", "a", "\t", "?", "#", "@", ":"];
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const result = safeRedirect(`/${a}${b}${c}`);
          expect(result.startsWith("/")).toBe(true);
          expect(result).not.toMatch(/^[/\\]{2}/);
          expect(new URL(result, "https://cardshare.example").origin).toBe("https://cardshare.example");
        }
      }
    }
  });
});
