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

/**
 * The row one side of an application acts on (its applicant's or its referrer's step): 404 with
 * `notFound` when there is none (`row` undefined), 403 with `refusal` unless the actor is that side.
 */
export function assertParty<T extends Partial<Parties>>(
  actor: { id: string },
  row: T | undefined,
  side: keyof Parties,
  refusal: string,
  notFound: string = APPLICATION_MESSAGES.notFound,
): asserts row is T {
  if (row === undefined) throw new DomainError(404, notFound);
  if (row[side] !== actor.id) throw new DomainError(403, refusal);
}
