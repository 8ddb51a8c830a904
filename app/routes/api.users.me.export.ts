import type { z } from "zod";
import { endpoint, jsonRoute, type Serializable } from "~/http/json-route.server";
import { MyDataExportSchema } from "~/modules/users/my-data-export";
import { exportFileName, exportMyData } from "~/modules/users/my-data.server";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "Download my data",
    description:
      "One JSON file of everything the signed-in member gave or did: profile and privacy settings, referrals, " +
      "applications (made and received) with their outcome steps and disputes, comments, chats with their messages, tips, " +
      "the reports they filed, the members they block, their notification settings and the browsers that get their pushes. Sent as an attachment, " +
      "outside the envelope; never cached.",
    access: "member",
    response: MyDataExportSchema,
    envelope: false,
    async run({ ctx }) {
      // The file is the declared shape (dates as they serialize), or this does not compile.
      const data = await exportMyData(ctx);
      data satisfies Serializable<z.output<typeof MyDataExportSchema>>;
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
