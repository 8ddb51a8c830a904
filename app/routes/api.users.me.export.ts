import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { exportFileName, exportMyData } from "~/modules/users/my-data.server";

const Rows = z.array(z.record(z.string(), z.unknown()));

/** The file's shape for the reference; the rows' fields are listed in docs/product.md#your-data. */
const MyDataExportSchema = z.object({
  format: z.literal("cardshare-export/1"),
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  referrals: Rows,
  applications: Rows,
  comments: Rows,
  chats: Rows,
  tips: Rows,
  blocks: Rows,
  /** The outcome steps of the member's applications, both sides' (`byMe`). */
  outcomes: Rows,
  /** The share-not-received steps among them, with whether each is still open. */
  disputes: Rows,
  /** The reports the member filed. */
  reports: Rows,
  notificationSettings: z.object({
    emailNotifications: z.boolean(),
    /** Each kind's switch per channel (ADR 174). */
    kinds: z.record(z.string(), z.record(z.string(), z.boolean())),
  }),
});

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Download my data",
    description:
      "One JSON file of everything the signed-in member gave or did: profile and privacy settings, referrals, " +
      "applications (made and received) with their outcome steps and disputes, comments, chats with their messages, tips, " +
      "the reports they filed, the members they block and their notification settings. Sent as an attachment, " +
      "outside the envelope; never cached.",
    access: "member",
    response: MyDataExportSchema,
    envelope: false,
    async run({ ctx }) {
      const data = await exportMyData(ctx);
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="${exportFileName(data.profile.username)}"`,
          "Cache-Control": "no-store",
        },
      });
    },
  }),
});
export const action = loader;
