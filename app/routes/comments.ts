import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { replyWithDomainError } from "~/components/forms/reply";
import { addComment } from "~/modules/comments/comments.server";
import { COMMENT_MESSAGES, CommentFormSchema, fromForm } from "~/modules/comments/schemas";
import { DomainError } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/redirect";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * A plain form post from the browser itself (JavaScript off) rather than a fetch from the app:
 * that one wants a redirect back with a toast, a fetcher wants JSON it can show beside the field.
 */
function isDocumentRequest(request: Request) {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

const FAILURE_TEXT = {
  review: COMMENT_MESSAGES.reviewFailed,
  reply: COMMENT_MESSAGES.replyFailed,
  "follow-up": COMMENT_MESSAGES.followUpFailed,
} as const;

/**
 * POST /comments: `intent` review | reply | follow-up with referralId, originalCommentId?, rating?,
 * ratingUpdated?, comment and redirectTo. Answers a browser form with a redirect back to
 * redirectTo and the spec's toast; answers a fetcher with JSON (conform's reply, field errors),
 * as a Response so it reads the same whether it comes as a resource or a single-fetch request.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/dashboard/my-applications");
  const document = isDocumentRequest(request);
  const user = await getOptionalUser(request, context);
  if (!user) {
    if (document) throw redirect(`/auth?${new URLSearchParams({ redirectTo })}`);
    return Response.json({ result: null, message: COMMENT_MESSAGES.loginRequired }, { status: 401 });
  }

  const submission = parseWithZod(formData, { schema: CommentFormSchema });
  if (submission.status !== "success") {
    if (document) {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? COMMENT_MESSAGES.unexpected;
      return redirectWithToast(context, redirectTo, { type: "error", description: first });
    }
    return Response.json({ result: submission.reply(), message: null }, { status: 400 });
  }

  try {
    const { message } = await addComment(getServices(context).db, user, fromForm(submission.value));
    if (document) return redirectWithToast(context, redirectTo, { type: "success", description: message });
    return Response.json({ result: submission.reply({ resetForm: true }), message });
  } catch (error) {
    if (!(error instanceof DomainError)) console.error(error);
    const message = error instanceof DomainError ? error.message : FAILURE_TEXT[submission.value.intent];
    if (document) return redirectWithToast(context, redirectTo, { type: "error", description: message });
    const status = error instanceof DomainError ? error.status : 500;
    const result =
      error instanceof DomainError
        ? replyWithDomainError(submission, error)
        : submission.reply({ formErrors: [message] });
    return Response.json({ result, message: null }, { status });
  }
}
