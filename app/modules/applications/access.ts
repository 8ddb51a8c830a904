import { DomainError } from "~/core/errors";
import { APPLICATION_MESSAGES } from "./status";

interface Parties {
  applicantId: string;
  referrerId: string;
}

/**
 * Who may read an application and its comments: its applicant, the referrer, or an admin.
 * 404 when there is no such application (`row` undefined), 403 with `refusal` for anyone else.
 */
export function assertApplicationReader<T>(
  actor: { id: string; isAdmin?: boolean },
  row: T | undefined,
  parties: (row: T) => Parties,
  refusal: string = APPLICATION_MESSAGES.notAllowed,
): asserts row is T {
  if (row === undefined) throw new DomainError(404, APPLICATION_MESSAGES.notFound);
  const { applicantId, referrerId } = parties(row);
  if (!actor.isAdmin && actor.id !== applicantId && actor.id !== referrerId) {
    throw new DomainError(403, refusal);
  }
}
