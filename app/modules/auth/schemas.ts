/**
 * The zod schemas of every account form, shared by the conform forms, the HTML actions and the
 * /api routes. Messages are the spec's (sections 5 and 8).
 */
import { z } from "zod";
import { nameText, optionalName as optionalNameField } from "~/utils/zod-fields";

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = requiredText("Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const PASSWORD_HINT = "At least 8 characters with letters and numbers";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
const PASSWORD_MAX = 128;

/** New passwords: the spec's hint, enforced (8-128 characters, letters and numbers). */
export const newPasswordField = (required = "Password is required") =>
  z
    .string({ error: required })
    .min(1, required)
    .min(8, "Password must be at least 8 characters")
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
    .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), PASSWORD_HINT);

/** An optional first or last name: trimmed, at most 50 characters, "" when absent. */
export const optionalName = optionalNameField(50, "Names are at most 50 characters");

export const usernameField = nameText("Username is required")
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Use only letters, numbers, dots, dashes and underscores");

/**
 * The confirm field's rule, for every form that sets a password. Checked even when other fields
 * fail, so every problem shows at once.
 */
export const PASSWORDS_MATCH = {
  path: ["confirmPassword"],
  message: "Passwords do not match",
  when: () => true,
};

export const LoginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
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
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((value) => value.password === value.confirmPassword, PASSWORDS_MATCH);
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const EmailOnlySchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is invalid or has expired." }).min(20).max(200),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((value) => value.password === value.confirmPassword, PASSWORDS_MATCH);

export const VERIFY_NO_TOKEN = "Invalid verification link. No token provided.";
export const VerifyEmailSchema = z.object({
  token: z.string({ error: VERIFY_NO_TOKEN }).min(20, VERIFY_NO_TOKEN).max(200, VERIFY_NO_TOKEN),
});
