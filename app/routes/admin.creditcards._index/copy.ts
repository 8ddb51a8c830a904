import type { ConfirmCopy } from "~/components/ui/confirm-dialog";
import { REASON_LABEL } from "~/modules/admin/messages";

/** The question Delete asks (the spec's words), with the card's name. */
export const CARD_DELETE_COPY = (name: string): ConfirmCopy => ({
  title: "Are you sure you want to delete this credit card?",
  description: `${name} leaves the catalogue. A card that referrals use cannot be deleted; mark it inactive instead.`,
  confirmLabel: "Delete",
  reasonLabel: REASON_LABEL,
});
