/**
 * Who a member can start a chat with (the /chat page's picker): members whose username starts
 * with what they typed, people they have referral or application ties with listed first.
 */
import { and, asc, isNull, ne, sql } from "drizzle-orm";
import { applications, users } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { blockedEitherWay } from "~/modules/blocks/rules.server";
import { startsWith } from "~/utils/prefix.server";
import type { Recipient } from "./present";
import { nameOf } from "./rows.server";

/** How many people the picker lists. */
const RECIPIENT_LIMIT = 8;

const columns = {
  id: users.id,
  username: users.username,
  profileImage: users.profileImage,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderUsername: users.username,
  senderShowFullName: users.showFullName,
};

/**
 * People for the picker. `q` (2+ characters, checked by RecipientSearchSchema) is the start of a
 * username, an index range on users_username_lower_unique; without it only the member's ties are
 * listed, as suggestions. Never the member themself, a deactivated account, or anyone a block
 * stands between (docs/decisions/152-blocking.md).
 */
export async function findRecipients(ctx: Pick<Ctx, "db" | "actor">, input: { q: string }): Promise<Recipient[]> {
  const actor = requireActor(ctx);
  const { db } = ctx;
  const q = input.q.trim().toLowerCase();
  const matches = q ? startsWith(sql`lower(${users.username})`, q) : undefined;
  const open = and(
    ne(users.id, actor.id),
    isNull(users.deactivatedAt),
    matches,
    sql`not ${blockedEitherWay(actor.id, users.id)}`,
  );
  // Ties through applications, both ways, each side read by its own index
  // (applications_referrer_idx, applications_applicant_idx).
  const tied = sql`${users.id} in (
    select ${applications.applicantId} from ${applications} where ${applications.referrerId} = ${actor.id}
    union
    select ${applications.referrerId} from ${applications} where ${applications.applicantId} = ${actor.id})`;
  const [ties, others] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(and(open, tied))
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(RECIPIENT_LIMIT),
    q
      ? db
          .select(columns)
          .from(users)
          .where(open)
          .orderBy(asc(sql`lower(${users.username})`))
          .limit(RECIPIENT_LIMIT)
      : [],
  ]);
  const tieIds = new Set(ties.map((row) => row.id));
  const rows = [...ties, ...others.filter((row) => !tieIds.has(row.id))].slice(0, RECIPIENT_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    username: row.senderShowFullName ? row.username : null,
    name: nameOf(row),
    profileImage: row.profileImage,
    tie: tieIds.has(row.id),
  }));
}
