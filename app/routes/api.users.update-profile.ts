/** The spec's other name for PUT /api/users/profile: the same declaration (app/routes/api.users.profile.ts). */
import { loader as profile } from "./api.users.profile";

export const loader = profile;
export const action = profile;
