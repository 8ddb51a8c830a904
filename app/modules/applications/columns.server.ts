/** An application's parties and status: what every rule about who may act on it selects first. */
import { applications } from "../../../db/schema";

export const partyColumns = {
  id: applications.id,
  applicantId: applications.applicantId,
  referrerId: applications.referrerId,
  referralId: applications.referralId,
  status: applications.status,
};
