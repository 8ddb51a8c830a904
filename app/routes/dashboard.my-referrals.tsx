import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { referralStatusAction } from "~/modules/referrals/forms.server";
import { MyReferrals } from "~/modules/referrals/my-referrals";
import { listMyReferrals } from "~/modules/referrals/referrals.server";
import { requireUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

const PATH = "/dashboard/my-referrals";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor");
  return { ...(await listMyReferrals(getServices(context), user.id, { cursor })), viewerId: user.id };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return referralStatusAction(context, user.id, await request.formData(), PATH);
}

export default function DashboardMyReferrals() {
  const { data, nextCursor, viewerId } = useLoaderData<typeof loader>();
  return <MyReferrals referrals={data} nextCursor={nextCursor} viewerId={viewerId} />;
}

export const meta: MetaFunction = () => [{ title: "My Referrals | Cardshare" }];
