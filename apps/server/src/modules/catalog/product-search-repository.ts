import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';

/** A search term and the pattern its candidates are found by (see search-patterns). */
export interface SearchPatterns {
  /** What the title or a SKU must contain, ignoring case. */
  term: string;
  /** What the trigram index is asked for: a LIKE pattern that every text containing `term` matches. */
  index: string;
}

export /**
 * The title or one of the SKUs contains the term, ignoring case. The trigram index finds the
 * candidates (LIKE on search_text, migration 0017) and strpos decides. Both sides are lowered by
 * PostgreSQL, as ILIKE would lower them: search_text is lower(title || U+001F || skus), and a term
 * never contains U+001F, so no match spans the end of the title or two SKUs. strpos rather than a
 * second LIKE: the planner would ask the index for that pattern's trigrams as well, word
 * boundaries and all, which nearly every product has.
 */
function searchExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  patterns: SearchPatterns,
): Expression<SqlBool> {
  return eb.and([
    eb('products.search_text', 'like', sql<string>`lower(${patterns.index})`),
    eb(sql<number>`strpos(products.search_text, lower(${patterns.term}))`, '>', 0),
  ]);
}
