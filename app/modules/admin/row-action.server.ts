import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Db } from "../../../db/client";
import { DomainError } from "~/utils/api.server";
import { safeRedirect } from "~/utils/redirect";
import { getServices, type Services } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdminAction, type Actor } from "./guard.server";

/** What a row button acts on; one named object, so no intent can take a service for a flag. */
export interface RowTarget {
  db: Db;
  services: Services;
  admin: Actor;
  id: string;
}

type Intents = Record<string, { run: (row: RowTarget) => Promise<unknown>; message: string }>;

/**
 * The action of an admin list's row buttons: an `intent` naming one of `intents`, the row's id in
 * `idField`, and `redirectTo` (the list as the admin saw it). Success redirects back with a toast;
 * a refusal answers the domain error's status, message and code, with the row's id, for the page to
 * show beside that row.
 */
export async function adminRowAction(
  request: Request,
  context: AppLoadContext,
  options: { intents: Intents; idField: string; fallback: string },
) {
  const admin = await requireAdminAction(request, context);
  const form = await request.formData();
  const intent = options.intents[String(form.get("intent"))];
  if (!intent) throw new Response("Unknown intent", { status: 400 });
  const id = String(form.get(options.idField) ?? "");
  try {
    const services = getServices(context);
    await intent.run({ db: services.db, services, admin, id });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ id, message: error.message, code: error.code ?? null }, error.status);
  }
  throw await redirectWithToast(context, safeRedirect(form.get("redirectTo"), options.fallback), {
    type: "success",
    description: intent.message,
  });
}
