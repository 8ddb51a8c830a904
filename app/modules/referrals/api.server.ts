/**
 * The /api/referrals/card-refer routes and POST /api/applications/card-apply: thin adapters over
 * the referral and apply domain functions, in the /api envelope.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { applyToReferral } from "~/modules/applications/apply.server";
import { apiRoute, apiSuccess, assertSelf, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";
import {
  cardRulesFor,
  createReferral,
  getReferral,
  listUserReferrals,
  previewReferral,
  setReferralActive,
} from "./referrals.server";
import { slotForVisitor } from "./rotation.server";
import { ApplySchema, readCardId, REFERRAL_MESSAGES, referralSchema } from "./schemas";
import { parseSearchParams, searchReferrals } from "./search.server";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

function route(method: "GET" | "POST", run: (args: Args, userId: string) => Promise<Response>) {
  return (args: Args) =>
    apiRoute(async () => {
      if (args.request.method !== method) return methodNotAllowed();
      const user = await requireApiUser(args.request, args.context);
      return run(args, user.id);
    });
}

/** A referral body validated with the chosen card's rules; `referrer`, when sent, must be the caller. */
async function readReferralBody(args: Args, userId: string) {
  const body: unknown = await args.request
    .clone()
    .json()
    .catch(() => null);
  if (body && typeof body === "object" && "referrer" in body) {
    assertSelf(body.referrer, userId, "You can only create referrals as yourself.");
  }
  const rules = await cardRulesFor(getServices(args.context).db, readCardId(body), userId);
  return parseJsonBody(args.request, referralSchema(rules));
}

export const activeLoader = route("GET", async ({ request, context }, userId) => {
  const query = parseSearchParams(new URL(request.url).searchParams);
  const slot = query.slot ?? slotForVisitor(Date.now());
  const { data, nextCursor } = await searchReferrals(getServices(context), userId, { ...query, slot });
  return apiSuccess({ data, nextCursor, slot });
});

export const generateAction = route("POST", async (args, userId) => {
  const input = await readReferralBody(args, userId);
  const data = await createReferral(getServices(args.context), userId, input);
  return apiSuccess({ message: REFERRAL_MESSAGES.created, data }, { status: 201 });
});

/** Validates a referral and says what it would be, without saving it (the flow's preview step). */
export const processAction = route("POST", async (args, userId) => {
  const input = await readReferralBody(args, userId);
  const preview = await previewReferral(getServices(args.context), userId, input);
  return apiSuccess({
    data: {
      ...input,
      normalizedLink: preview.normalizedLink,
      duplicateLink: preview.duplicateOfId !== null,
    },
  });
});

export const userReferralsLoader = route("GET", async ({ request, context, params }, userId) => {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const result = await listUserReferrals(getServices(context), userId, params.userId ?? "", { cursor });
  return apiSuccess(result);
});

export const byIdLoader = route("GET", async ({ context, params }, userId) =>
  apiSuccess({ data: await getReferral(getServices(context), userId, { id: params.id ?? "" }) }),
);

export const byCodeLoader = route("GET", async ({ context, params }, userId) =>
  apiSuccess({ data: await getReferral(getServices(context), userId, { code: params.code ?? "" }) }),
);

export const markInactiveAction = route("POST", async ({ context, params }, userId) =>
  apiSuccess(await setReferralActive(getServices(context), userId, params.id ?? "", false)),
);

export const reopenAction = route("POST", async ({ context, params }, userId) =>
  apiSuccess(await setReferralActive(getServices(context), userId, params.id ?? "", true)),
);

/** POST .../add-people {referralId}: the caller joins the people who applied (the apply rule). */
export const addPeopleAction = route("POST", async ({ request, context }, userId) => {
  const { referralId } = await parseJsonBody(request, ApplySchema);
  return apiSuccess(await applyToReferral(getServices(context), { id: userId }, { referralId }), { status: 201 });
});

/** POST /api/applications/card-apply {referralId, cardId, userId}: userId must be the caller. */
export const cardApplyAction = route("POST", async ({ request, context }, userId) => {
  const input = await parseJsonBody(request, ApplySchema);
  assertSelf(input.userId, userId, "You can only apply as yourself.");
  const result = await applyToReferral(getServices(context), { id: userId }, input);
  return apiSuccess(result, { status: 201 });
});
