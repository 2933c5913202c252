/**
 * The Customers tab's CSV (issue 32 item 3): every customer, newest first, with the phone the
 * tab shows and their points (available and lifetime, summed where every other view sums
 * them: server/loyalty/ledger.ts). Written by the shop's one CSV writer (server/csv.ts).
 */
import { desc } from 'drizzle-orm';
import { toCsv, type CsvValue } from '../csv';
import type { Executor } from '../db/client';
import { customers } from '../db/schema';
import { getPointsTotalsByEmail } from '../loyalty/ledger';
import { customerPhone } from './list-customers';

export const CUSTOMER_CSV_HEADER = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'joined',
  'points_available',
  'points_lifetime',
];

export async function exportCustomersCsv(options: { db: Executor }): Promise<string> {
  const [rows, points] = await Promise.all([
    options.db
      .select({
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        phone: customerPhone,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .orderBy(desc(customers.createdAt)),
    getPointsTotalsByEmail({ db: options.db }),
  ]);
  const records: CsvValue[][] = rows.map((row) => {
    const totals = points.get(row.email.trim().toLowerCase()) ?? { available: 0, lifetime: 0 };
    return [
      row.email,
      row.firstName,
      row.lastName,
      row.phone,
      row.createdAt.toISOString(),
      totals.available,
      totals.lifetime,
    ];
  });
  return toCsv(CUSTOMER_CSV_HEADER, records);
}
