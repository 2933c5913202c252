/**
 * PUT: edits a code (pausing is `isActive: false`); the total limit may not go below the uses
 * already made. DELETE: erases an unused code, retires one that orders used (their records
 * keep it).
 */
import { z } from 'zod';
import { DISCOUNT_ERRORS } from '@domain/discount-form';
import { methodNotAllowed, notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { deleteDiscount, updateDiscount } from '@server/discounts/manage-discounts';
import { readJsonBody } from '@server/http/json-request';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.discounts_.$id';

const METHODS = ['PUT', 'DELETE'];

export const loader = actionOnlyLoader(METHODS);

export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: 'Failed to save the discount code', what: 'discount change' },
  async ({ request, context, params }) => {
    const actor = await requireAdmin(request, context, 'discounts.manage');
    if (!METHODS.includes(request.method)) throw methodNotAllowed(METHODS.join(', '));
    const id = z.uuid().safeParse(params.id);
    if (!id.success) throw notFound(DISCOUNT_ERRORS.notFound);
    if (request.method === 'DELETE') {
      const result = await deleteDiscount({ db: context.db, id: id.data, actor });
      context.logger.info({ discountId: id.data, ...result }, 'discount code deleted');
      context.invalidateCatalogue(['promo']);
      return result;
    }
    const discount = await updateDiscount({
      db: context.db,
      id: id.data,
      input: await readJsonBody(request),
      actor,
    });
    context.logger.info({ discountId: discount.id, code: discount.code }, 'discount code changed');
    context.invalidateCatalogue(['promo']);
    return { discount };
  },
);
