import { redirect } from "@remix-run/cloudflare";
import { pageLoader } from "~/http/page-loader.server";

/** /dashboard opens on My Referrals (docs/product.md#dashboard). */
export const loader = pageLoader({ access: "member", run: async () => redirect("/dashboard/my-referrals") });
