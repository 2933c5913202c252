import { listSitemapProducts } from '@server/catalog/list-sitemap-products';
import { SHOP_PAGE_SLUGS, shopPagePath } from '@domain/shop-pages';
import { COLLECTION_PAGES } from '~/components/shop/collection-pages';
import type { Route } from './+types/sitemap[.xml]';

/**
 * The pages worth finding in a search engine: home, the collections and the policy pages, then
 * every active product. The cart, sign-in, search results and account pages are per visitor:
 * left out.
 */
const SITEMAP_PAGES = ['/', ...COLLECTION_PAGES.map((page) => page.path), ...SHOP_PAGE_SLUGS.map(shopPagePath)];

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
