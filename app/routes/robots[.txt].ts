import type { Route } from './+types/robots[.txt]';

/** Crawlers may read the shop; admin and API routes are off limits. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl.replace(/\/$/, '');
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
