import { z } from 'zod';
import type { AdminTaxReport } from '@domain/admin-contract';
import { isTypedYear, TYPED_YEARS_TEXT } from '@domain/dates';
import { badRequest } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import { getTaxReport, taxReportCsv } from '@server/tax/tax-report';
import type { Route } from './+types/api.admin.tax-report';

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const QuerySchema = z.object({
  from: Month.optional(),
  to: Month.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/**
 * The tax report (issue 25 item 5; Owner and Manager once roles exist): per month and place,
 * ?from=YYYY-MM&to=YYYY-MM (both optional); ?format=csv downloads it.
 */
export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: 'Failed to fetch the tax report', what: 'tax report' },
  async ({ request, context }): Promise<AdminTaxReport | Response> => {
    await requireAdmin(request, context, 'tax.report');
    const url = new URL(request.url);
    const query = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success)
      throw badRequest('Report months are written YYYY-MM (for example 2026-11)', 'invalid-report-range');
    const { from, to, format } = query.data;
    // A month of a year the database cannot store (or that JavaScript reads as 19xx) is refused here.
    if ([from, to].some((month) => month && !isTypedYear(Number(month.slice(0, 4)))))
      throw badRequest(`Report months are ${TYPED_YEARS_TEXT}`, 'invalid-report-range');
    if (from && to && from > to)
      throw badRequest('The report starts after it ends: swap the months', 'invalid-report-range');
    const report = await getTaxReport({ db: context.db, from, to });
    if (format !== 'csv') return report;
    const range = [from, to].filter(Boolean).join('-to-') || 'all';
    return new Response(taxReportCsv(report), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="tax-report-${range}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
