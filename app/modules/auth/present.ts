import type { SessionUser } from "./session.server";

/** The user as the spec's clients expect it in JSON (`_id`, `name`, `isAdmin`, ...). */
export function toApiUser(user: SessionUser) {
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
