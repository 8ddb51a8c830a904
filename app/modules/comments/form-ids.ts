/** Comment forms' element ids, apart from the forms so a page that only opens a thread for a refusal loads no form. */

/** The element id of each comment form: a no-JavaScript refusal comes back to `#id` (formResource). */
export const commentFormId = {
  review: (referralId: string) => `review-${referralId}`,
  reply: (reviewId: string) => `reply-${reviewId}`,
  followUp: (reviewId: string) => `follow-up-${reviewId}`,
};

/**
 * Whether `formId` names a comment form of this thread (the review of `referralId`, or a reply or
 * follow-up to one of `comments`): the disclosure holding the thread opens for its refusal.
 */
export function threadHoldsForm(formId: string | null, referralId: string, comments: readonly { _id: string }[]) {
  if (!formId) return false;
  if (formId === commentFormId.review(referralId)) return true;
  return comments.some(({ _id }) => formId === commentFormId.reply(_id) || formId === commentFormId.followUp(_id));
}
