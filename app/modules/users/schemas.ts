/** Profile and settings inputs, shared by the Personal Info forms and /api/users. */
import { z } from "zod";
import {
  emailField,
  newPasswordField,
  optionalName,
  PASSWORD_TOO_LONG,
  PASSWORDS_MATCH,
  usernameField,
} from "~/modules/auth/schemas";
import { checkbox, optionalText } from "~/utils/zod-fields";

/** Only these fields can be set by their owner; anything else sent is dropped by zod. */
export const ProfileSchema = z.object({
  username: usernameField,
  firstName: optionalName,
  lastName: optionalName,
  email: emailField,
  bio: optionalText(500, "Bio is at most 500 characters"),
  /** Needed only to change the email of a local account (profile.server.ts). */
  currentPassword: z.string().max(128, PASSWORD_TOO_LONG).optional(),
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
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(128, PASSWORD_TOO_LONG),
  newPassword: newPasswordField("New password is required"),
};

/** The Personal Info form: the new password typed twice. */
export const ChangePasswordSchema = z
  .object({ ...passwordChangeFields, confirmPassword: z.string({ error: PASSWORDS_MATCH.message }) })
  .refine((value) => value.newPassword === value.confirmPassword, PASSWORDS_MATCH);

/**
 * PUT /api/users/change-password: the spec's client sends `{ currentPassword, newPassword }`; a
 * confirmation is optional and, when sent, must match.
 */
export const ChangePasswordApiSchema = z
  .object({ ...passwordChangeFields, confirmPassword: z.string().optional() })
  .refine(
    (value) => value.confirmPassword === undefined || value.newPassword === value.confirmPassword,
    PASSWORDS_MATCH,
  );

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** What an asked-for email change means until it is confirmed (docs/decisions/081). */
export function pendingEmailNote(pending: string, current: string) {
  return `We sent a confirmation link to ${pending}; ${current} stays your sign-in address until you open it.`;
}
