import { z } from "zod";
import type { SessionUser } from "~/core/actor";

export type { SessionUser };

/** The user as the spec's clients expect it in JSON (`_id`, `name`, `isAdmin`, ...). */
export const ApiUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  profilePicture: z.string().nullable(),
  authProvider: z.enum(["local", "google", "other"]),
  isAdmin: z.boolean(),
});
export type ApiUser = z.infer<typeof ApiUserSchema>;

export function toApiUser(user: SessionUser): ApiUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username,
    profileImage: user.profileImage,
    profilePicture: user.profileImage,
    authProvider: user.authProvider,
    isAdmin: user.isAdmin,
  };
}

/** A sign-in's answer: the bearer token, the spec's message and the user (carrying the token too). */
export const SignInAnswerSchema = z.object({
  token: z.string(),
  message: z.string(),
  user: ApiUserSchema.extend({ token: z.string() }),
});

/** A sign-in's outcome (password, Google token or code) as that answer. */
export function toSignInAnswer(signIn: {
  user: SessionUser;
  session: { token: string };
  message: string;
}): z.infer<typeof SignInAnswerSchema> {
  const { token } = signIn.session;
  return { token, message: signIn.message, user: { ...toApiUser(signIn.user), token } };
}
