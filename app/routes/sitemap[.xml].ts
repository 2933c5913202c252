import { listSitemapProducts } from '@server/catalog/list-sitemap-products';
import type { Route } from './+types/sitemap[.xml]';

/** Every shopper page, then every active product. */
export const SITEMAP_PAGES = [
  '/',
  '/new-arrivals',
  '/t-shirts',
  '/hoodies',
  '/strength-in-christ',
  '/accessories',
  '/eves-legacy',
  '/cart',
  '/auth',
] as const;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl.replace(/\/$/, '');
  const products = await listSitemapProducts({ db: context.db });
  const urls = [
    ...SITEMAP_PAGES.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`),
    ...products.map(
      (product) =>
        `  <url><loc>${escapeXml(`${base}/products/${product.slug}`)}</loc><lastmod>${product.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
