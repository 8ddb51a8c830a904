/**
 * The /api/credit-cards routes (spec section 7): thin adapters over cards.server.ts in the
 * decisions.md envelope. Reads need a signed-in user (admins also see inactive and user-added
 * cards); writes other than /simple are admin-only, checked in the domain functions.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { assertAdmin } from "~/modules/admin/guard.server";
import { pageLimit } from "~/utils/keyset";
import { apiRoute, apiSuccess, DomainError, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";
import {
  CARD_TEXT,
  createCard,
  createUserCard,
  deleteCard,
  getCard,
  listCards,
  listCardsByIssuer,
  updateCard,
} from "./cards.server";
import { toApiCard } from "./present";
import { API_FIELD_NAMES, CardApiSchema, NewCardApiSchema } from "./schemas";

/** parseJsonBody, with field errors named as the JSON payload names them (`referralBonus.amount`). */
async function parseCard<T>(request: Request, schema: Parameters<typeof parseJsonBody<T>>[1]): Promise<T> {
  try {
    return await parseJsonBody(request, schema);
  } catch (error) {
    if (!(error instanceof DomainError) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, message]) => [API_FIELD_NAMES[field] ?? field, message]),
    );
    throw new DomainError(error.status, error.message, errors);
  }
}

/** GET /api/credit-cards?issuer=&cursor=&limit=: `data` and the next page's cursor. */
export function listLoader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const query = new URL(request.url).searchParams;
    const page = await listCards(getServices(context).db, user, {
      issuer: query.get("issuer"),
      cursor: query.get("cursor"),
      limit: pageLimit(query.get("limit"), 500, 200),
    });
    return apiSuccess({ data: page.items.map(toApiCard), nextCursor: page.nextCursor });
  });
}

/** POST /api/credit-cards: an admin creates a card from the full payload. */
export function createAction({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    assertAdmin(user); // before reading the body: a non-admin learns nothing from validation
    const input = await parseCard(request, CardApiSchema);
    const card = await createCard(getServices(context).db, user, input);
    return apiSuccess({ message: CARD_TEXT.created, _id: card.id, data: toApiCard(card) }, { status: 201 });
  });
}

/** GET /api/credit-cards/by-issuer?issuer=: `data` maps each issuer to its cards. */
export function byIssuerLoader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const issuer = new URL(request.url).searchParams.get("issuer");
    const grouped = await listCardsByIssuer(getServices(context).db, user, issuer || null);
    const data = Object.fromEntries(Object.entries(grouped).map(([name, cards]) => [name, cards.map(toApiCard)]));
    return apiSuccess({ data });
  });
}

/** POST /api/credit-cards/simple: any signed-in member adds a card that is not listed. */
export function simpleAction({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const card = await createUserCard(getServices(context).db, user, await parseCard(request, NewCardApiSchema));
    return apiSuccess({ message: CARD_TEXT.created, _id: card.id, data: toApiCard(card) }, { status: 201 });
  });
}

/** GET /api/credit-cards/{id}. */
export function cardLoader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    return apiSuccess({ data: toApiCard(await getCard(getServices(context).db, user, params.id ?? "")) });
  });
}

/** PUT (full payload) and DELETE /api/credit-cards/{id}: admins only. */
export function cardAction({ request, context, params }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getServices(context);
    const cardId = params.id ?? "";
    if (request.method === "PUT") {
      assertAdmin(user);
      const card = await updateCard(db, user, cardId, await parseCard(request, CardApiSchema));
      return apiSuccess({ message: CARD_TEXT.updated, data: toApiCard(card) });
    }
    if (request.method === "DELETE") {
      await deleteCard(db, user, cardId);
      return apiSuccess({ message: CARD_TEXT.deleted });
    }
    return methodNotAllowed();
  });
}
