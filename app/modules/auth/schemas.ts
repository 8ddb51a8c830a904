/**
 * The zod schemas of every account form, shared by the conform forms, the HTML actions and the
 * /api routes. Messages are the spec's words (docs/product.md#auth-texts).
 */
import { z } from "zod";
import { nameText, optionalName as optionalNameField, whenMissing } from "~/utils/zod-fields";

const requiredText = (message: string) =>
  z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message);

export const emailField = requiredText("Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const PASSWORD_HINT = "At least 8 characters with letters and numbers";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
const PASSWORD_MAX = 128;

/**
 * New passwords: the spec's hint, enforced (8-128 characters, letters and numbers). One message at
 * a time, the most useful first: missing, then too short or too long, then the hint.
 */
export const newPasswordField = (required = "Password is required") =>
  z
    .string({ error: whenMissing(required) })
    .min(1, { error: required, abort: true })
    .min(8, { error: "Password must be at least 8 characters", abort: true })
    .max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG, abort: true })
    .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), PASSWORD_HINT);

/** An optional first or last name: trimmed, at most 50 characters, "" when absent. */
export const optionalName = optionalNameField(50, "Names are at most 50 characters");

export const usernameField = nameText("Username is required")
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Use only letters, numbers, dots, dashes and underscores");

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const CONFIRM_PASSWORD_REQUIRED = "Please confirm your password";

/** The confirm field: empty says so (never "do not match"); the match is checked by `passwordsMatch`. */
export const confirmPasswordField = () =>
  z.string({ error: whenMissing(CONFIRM_PASSWORD_REQUIRED) }).min(1, CONFIRM_PASSWORD_REQUIRED);

const filled = (value: unknown) => typeof value === "string" && value !== "";

/**
 * The confirm field's rule for every form that sets a password: "Passwords do not match" only when
 * both are typed (an empty one has its own message), checked even when other fields fail, so every
 * problem shows at once. A function, not a shared object: zod rewrites the options object it is
 * given, so a second schema reusing one would lose its message.
 */
export function passwordsMatch<T extends Record<string, unknown>>(
  passwordKey: keyof T & string,
): [(value: T) => boolean, { path: PropertyKey[]; error: string; when: (payload: { value: unknown }) => boolean }] {
  return [
    (value: T) => value[passwordKey] === value.confirmPassword,
    {
      path: ["confirmPassword"],
      error: PASSWORDS_DO_NOT_MATCH,
      when: (payload: { value: unknown }) => {
        const value = (payload.value ?? {}) as Record<string, unknown>;
        return filled(value[passwordKey]) && filled(value.confirmPassword);
      },
    },
  ];
}

export const LoginSchema = z.object({
  email: emailField,
  // Not trimmed: a password is exactly what was typed.
  password: z
    .string({ error: whenMissing("Password is required") })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
  remember: z
    .union([z.boolean(), z.literal("on")])
    .optional()
    .transform((value) => value === true || value === "on"),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z
  .object({
    username: usernameField,
    firstName: optionalName,
    lastName: optionalName,
    email: emailField,
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
    /** Where the verification link leads after verifying (a path on this site, else home). */
    redirectTo: z.string().optional(),
  })
  .refine(...passwordsMatch("password"));
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const EmailOnlySchema = z.object({ email: emailField });

export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_LINK_INVALID }).min(20, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
  })
  .refine(...passwordsMatch("password"));

/** The spec's text for a link without a token; one with a token of the wrong shape says so apart. */
export const VERIFY_NO_TOKEN = "Invalid verification link. No token provided.";
export const VERIFY_BAD_TOKEN = "This verification link is invalid or has expired. Please request a new one.";
export const VerifyEmailSchema = z.object({
  token: z
    .string({ error: whenMissing(VERIFY_NO_TOKEN, VERIFY_BAD_TOKEN) })
    .min(1, { error: VERIFY_NO_TOKEN, abort: true })
    .min(20, VERIFY_BAD_TOKEN)
    .max(200, VERIFY_BAD_TOKEN),
});
