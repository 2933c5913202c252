/**
 * What a scenario does as the shop's owner, through the admin API (the bench's shops are
 * started with BENCH_ADMIN_PASSCODE): sign in, and set a variant's stock with the admin grid's
 * own request. Only for setting the stage before a measurement.
 */
import { BENCH_ADMIN_PASSCODE } from '../../tools/measure/server';

export interface AdminClient {
  baseUrl: string;
  headers: Record<string, string>;
}

export async function signInAdmin(baseUrl: string): Promise<AdminClient> {
  const response = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ passcode: BENCH_ADMIN_PASSCODE }),
  });
  const body = (await response.json().catch(() => ({}))) as { sessionToken?: string; error?: string };
  if (!response.ok || !body.sessionToken) throw new Error(`admin sign-in: ${response.status} ${body.error ?? ''}`);
  return { baseUrl, headers: { 'x-admin-session': body.sessionToken, origin: baseUrl } };
}

export async function adminRequest<T>(admin: AdminClient, path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${admin.baseUrl}${path}`, {
    method,
    headers: { ...admin.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Sets one variant's stock to `quantity` (tracked), whatever it was. */
export async function setVariantStock(
  admin: AdminClient,
  variant: { productId: string; color: string; size: string },
  quantity: number,
): Promise<void> {
  const current = await adminRequest<{ stock: { color: string; size: string; quantity: number }[] }>(
    admin,
    `/api/admin/products/${variant.productId}/stock`,
    'GET',
  );
  const base = current.stock.find((row) => row.color === variant.color && row.size === variant.size)?.quantity ?? null;
  await adminRequest(admin, `/api/admin/products/${variant.productId}/stock`, 'PUT', {
    cells: [{ color: variant.color, size: variant.size, quantity: String(quantity), base }],
  });
}

/** A public product's id, colors and sizes (GET /api/products/:slug, also served by the checkout floor). */
export async function publicProduct(
  baseUrl: string,
  slug: string,
): Promise<{ id: string; colors: string[]; sizes: string[] }> {
  const response = await fetch(`${baseUrl}/api/products/${slug}`);
  if (!response.ok) throw new Error(`GET /api/products/${slug}: ${response.status}`);
  return (await response.json()) as { id: string; colors: string[]; sizes: string[] };
}

/** Distinct client addresses for X-Forwarded-For (the shop limits checkouts per address; it trusts loopback here). */
export function clientAddresses(): () => string {
  let shopper = 0;
  return () => {
    shopper += 1;
    return `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}`;
  };
}
