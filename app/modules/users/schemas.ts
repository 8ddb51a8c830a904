/** Profile and settings inputs, shared by the Personal Info forms and /api/users. */
import { z } from "zod";
import {
  confirmPasswordField,
  emailField,
  newPasswordField,
  optionalName,
  PASSWORD_TOO_LONG,
  passwordsMatch,
  usernameField,
} from "~/modules/auth/schemas";
import { checkbox, optionalText, whenMissing } from "~/utils/zod-fields";

/** Only these fields can be set by their owner; anything else sent is dropped by zod. */
export const ProfileSchema = z.object({
  username: usernameField,
  firstName: optionalName,
  lastName: optionalName,
  email: emailField,
  bio: optionalText(500, "Bio is at most 500 characters"),
  /** Needed only to change the email of a local account (profile.server.ts). */
  currentPassword: z.string({ error: "Current password must be text" }).max(128, PASSWORD_TOO_LONG).optional(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const PrivacySchema = z.object({
  showFullName: checkbox,
  showEmail: checkbox,
  showReferrals: checkbox,
  showApplications: checkbox,
});

export const NotificationSchema = z.object({ emailNotifications: checkbox });

const passwordChangeFields = {
  currentPassword: z
    .string({ error: whenMissing("Current password is required") })
    .min(1, "Current password is required")
    .max(128, PASSWORD_TOO_LONG),
  newPassword: newPasswordField("New password is required"),
};

/** The Personal Info form: the new password typed twice. */
export const ChangePasswordSchema = z
  .object({ ...passwordChangeFields, confirmPassword: confirmPasswordField() })
  .refine(...passwordsMatch("newPassword"));

/**
 * PUT /api/users/change-password: the spec's client sends `{ currentPassword, newPassword }`; a
 * confirmation is optional and, when sent, must match.
 */
export const ChangePasswordApiSchema = z
  .object({ ...passwordChangeFields, confirmPassword: z.string({ error: "Confirm password must be text" }).optional() })
  .refine(...passwordsMatch("newPassword"));

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** What an asked-for email change means until it is confirmed (docs/decisions/081). */
export function pendingEmailNote(pending: string, current: string) {
  return `We sent a confirmation link to ${pending}; ${current} stays your sign-in address until you open it.`;
}

/**
 * Deleting one's account: the password of an email-and-password account (Google accounts send
 * none: a fresh Google sign-in confirms instead). Presence is the domain's check, which knows the
 * account's kind; a password of the wrong type is refused here.
 */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: "Password must be text" }).max(1024, "Password is too long").optional(),
});
