/**
 * GET: a product's tracked stock per variant. PUT { cells: [{ color, size, quantity, base }] }:
 * the admin's colour x size grid (blank = not tracked). Bad counts are 400, a checkout that
 * took the units meanwhile 409 (server/stock/product-stock.ts).
 */
import { z } from 'zod';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
import { loadProductStock, setProductStock } from '@server/stock/product-stock';
import type { Route } from './+types/api.admin.products_.$id_.stock';

const productNotFound = () => notFound('Product not found');

export const loader = jsonRoute<Route.LoaderArgs>({ what: 'product stock' }, async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw productNotFound();
  const stock = await loadProductStock(context.db, [id.data]);
  return { stock: stock.get(id.data) ?? [] };
});

export const action = jsonRoute<Route.ActionArgs>(
  { what: 'product stock change' },
  async ({ request, context, params }) => {
    await requireAdmin(request, context);
    if (request.method !== 'PUT') throw methodNotAllowed('PUT');
    const id = z.uuid().safeParse(params.id);
    if (!id.success) throw productNotFound();
    const body = (await readJsonBody(request)) as { cells?: unknown } | null;
    if (!body || typeof body !== 'object')
      throw badRequest('Stock must be a list of color and size counts', 'invalid-stock');
    const stock = await setProductStock({ db: context.db, productId: id.data, cells: body.cells });
    return { stock };
  },
);
