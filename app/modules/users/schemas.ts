/** Profile and settings inputs, shared by the Personal Info forms and /api/users. */
import { z } from "zod";
import { emailField, newPasswordField, optionalName, usernameField } from "~/modules/auth/schemas";

/** Only these fields can be set by their owner; anything else sent is dropped by zod. */
export const ProfileSchema = z.object({
  username: usernameField,
  firstName: optionalName,
  lastName: optionalName,
  email: emailField,
  bio: z
    .string()
    .trim()
    .max(500, "Bio is at most 500 characters")
    .optional()
    .transform((value) => value ?? ""),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** A checkbox (form post: "on" or absent) or a JSON boolean. */
const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const PrivacySchema = z.object({
  showFullName: flag,
  showEmail: flag,
  showReferrals: flag,
  showApplications: flag,
});

export const NotificationSchema = z.object({ emailNotifications: flag });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    newPassword: newPasswordField("New password is required"),
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    when: () => true,
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
