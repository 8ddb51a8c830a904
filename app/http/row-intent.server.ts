/**
 * A list's row button as a form intent (the admin lists): the form carries the row's `id` and
 * `redirectTo`, the list as the person saw it (filters and page kept), and its `intent` button
 * picks the action. `act` changes the row; success goes back to the list with `toast`; a refusal
 * answers FormFailure with the row's `id`, for the page to show beside that row.
 */
import { z } from "zod";
import type { Ctx } from "~/core/context.server";
import { safeRedirect } from "~/utils/redirect";
import { intent, redirectTo } from "./form-action.server";

const RowSchema = z.object({
  id: z.string({ error: "This row is no longer available. Please reload the page." }).trim().min(1).max(64),
  redirectTo: z.string().max(2048).optional(),
  /** Why, when the confirmation asked (ConfirmCopy.reasonLabel): kept in the audit log. */
  reason: z
    .string({ error: "The reason must be text." })
    .trim()
    .max(500, "Keep the reason under 500 characters.")
    .optional(),
});

/** For routes whose access signs the person in (`member`, `admin`). */
export function rowIntent(options: {
  act(ctx: Ctx, id: string, reason: string | undefined): Promise<unknown>;
  toast: string;
  /** Where to go when the form names no list to return to. */
  backTo: string | ((request: Request) => string);
  unexpectedMessage?: string;
}) {
  return intent.member({
    schema: RowSchema,
    unexpectedMessage: options.unexpectedMessage,
    run: async ({ ctx, value, request }) => {
      await options.act(ctx, value.id, value.reason || undefined);
      const backTo = typeof options.backTo === "string" ? options.backTo : options.backTo(request);
      return redirectTo(safeRedirect(value.redirectTo, backTo), { toast: options.toast });
    },
  });
}
