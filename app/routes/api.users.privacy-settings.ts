import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { PrivacySettingsSchema } from "~/modules/users/present";
import { updatePrivacy } from "~/modules/users/profile.server";
import { PrivacySchema } from "~/modules/users/schemas";

export const loader = jsonRoute({
  PUT: endpoint({
    summary: "Set one's privacy switches",
    description: "What others see of the profile: full name, email, referrals and applications (absent means off).",
    access: "member",
    body: PrivacySchema,
    response: z.object({ message: z.string(), privacySettings: PrivacySettingsSchema }),
    run: ({ ctx, body }) => updatePrivacy(ctx, body),
  }),
});
export const action = loader;
