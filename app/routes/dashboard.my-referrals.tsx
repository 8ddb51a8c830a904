import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { MyReferrals } from "~/modules/referrals/my-referrals";
import { confirmReferralLink } from "~/modules/referrals/link-health.server";
import { listMyReferrals } from "~/modules/referrals/user-referrals.server";
import { setReferralActive } from "~/modules/referrals/status.server";
import { ReferralStatusSchema } from "~/modules/referrals/schemas";
import { safeRedirect } from "~/utils/redirect";
import { signedInMeta } from "~/utils/signed-in-meta";

const PATH = "/dashboard/my-referrals";

export const loader = pageLoader({
  access: "member",
  query: z.object({ cursor: z.string().optional() }),
  async run({ ctx, user, query }) {
    return { ...(await listMyReferrals(ctx, { cursor: query.cursor })), viewerId: user.id };
  },
});

/** Mark as Inactive or Reopen: back to the page it came from (My Referrals here or on /refer) with the toast. */
function setActive(active: boolean) {
  return intent.member({
    schema: ReferralStatusSchema,
    async run({ ctx, value }) {
      const { message } = await setReferralActive(ctx, { referralId: value.id, active });
      return redirectTo(safeRedirect(value.redirectTo, PATH), { toast: message });
    },
  });
}

export const action = formAction({
  access: "member",
  intents: {
    "mark-inactive": setActive(false),
    reopen: setActive(true),
    "confirm-link": intent.member({
      schema: ReferralStatusSchema,
      async run({ ctx, value }) {
        const { message } = await confirmReferralLink(ctx, { referralId: value.id });
        return redirectTo(safeRedirect(value.redirectTo, PATH), { toast: message });
      },
    }),
  },
});

export default function DashboardMyReferrals() {
  const { data, nextCursor, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <MyReferrals
      referrals={data}
      nextCursor={nextCursor}
      viewerId={viewerId}
      failure={actionData}
      emptyHint={
        <>
          <p>Have a card with a referral link? Publish it and say how much of the bonus you share.</p>
          <Link to="/refer" className={buttonClass("primary", "sm", "mt-4")}>
            Share a referral
          </Link>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "My Referrals | Cardshare",
    "The referrals you published, the people who applied through them and their reviews.",
  );
