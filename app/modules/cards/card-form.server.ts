import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Db } from "../../../db/client";
import { replyWithDomainError } from "~/components/forms/reply";
import { requireAdminAction, type Actor } from "~/modules/admin/guard.server";
import { DomainError } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CARD_MESSAGES, CardSchema, type CardInput } from "./schemas";

/**
 * The admin card form's action (create and edit): the form parsed by CardSchema (an unchecked
 * `active` box is absent, so off), the spec's toast on success, the field errors and 'Please
 * correct the errors in the form' on failure.
 */
export async function cardFormAction(
  request: Request,
  context: AppLoadContext,
  save: (db: Db, admin: Actor, input: CardInput) => Promise<unknown>,
  successMessage: string,
) {
  const admin = await requireAdminAction(request, context);
  const submission = parseWithZod(await request.formData(), { schema: CardSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [CARD_MESSAGES.invalidForm] }) }, 400);
  }
  try {
    await save(getServices(context).db, admin, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ result: replyWithDomainError(submission, error) }, error.status);
  }
  throw await redirectWithToast(context, "/admin/creditcards", { type: "success", description: successMessage });
}
