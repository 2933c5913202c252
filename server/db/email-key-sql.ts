/**
 * The SQL twin of `normalizeDiscountEmail` (domain/discount.ts): one person's addresses written
 * another way (letter case, a `+tag`, Gmail's dots, googlemail.com) give one key. A first-order
 * code asks whether the key has a paid order; `orders_email_key_idx` is an index on this very
 * expression of `orders.email` (schema.ts), so that question reads the index. Only immutable
 * functions, as an index expression needs. tests/integration/email-key-sql.test.ts holds it
 * equal to the domain's function on both databases.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function emailKeySql(email: SQLWrapper): SQL {
  const e = sql`lower(btrim(${email}))`;
  const local = sql`split_part(substring(${e} from '^(.+)@[^@]*$'), '+', 1)`;
  const domain = sql`substring(${e} from '@([^@]*)$')`;
  return sql`(case when ${e} ~ '^.+@[^@]*$' then (case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end) else ${e} end)`;
}
