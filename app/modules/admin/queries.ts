/**
 * The admin lists' query strings (docs/product.md#admin).
 * Filters are read strictly: a value no filter control can send is a 400 page, not a silent "All".
 */
import { z } from "zod";

/** A filter select's value; its first option ("All") sends "". */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values).optional());

/** A list page's opaque keyset cursor; a malformed one starts again at the first page. */
export const PageCursor = z.string().max(1024, "That page link is not valid").optional();

/** The card select and member box the referral and application lists share, and the page. */
export const SharedFiltersQuery = z.object({
  card: z.string().max(64, "That card is not valid").optional(),
  user: z.string().trim().max(254, "That username or email is too long").default(""),
  cursor: PageCursor,
});
