import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
// Rendered as a React 19 stylesheet resource (with `precedence`), which React emits ahead of
// the module preloads, so the render-blocking CSS is fetched first.
import appStylesHref from './app.css?url';
import { listFavoriteIds } from '@server/favorites/favorites';
import { FavoritesSync } from '~/components/shop/favorites-sync';
import { NotFound } from '~/components/shop/not-found';
import { RouteScrollRestoration } from '~/components/shop/route-scroll-restoration';
import { SiteFooter } from '~/components/shop/site-footer';
import { SiteHeader } from '~/components/shop/site-header';
import { VisitorTracker } from '~/components/shop/visitor-tracker';
import { Toaster } from '~/components/ui/toaster';
import type { RootFavoritesData } from '~/lib/favorites-store';
import { useNonce } from '~/lib/nonce';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/**
 * Data every page needs: who is signed in (public shape only) and, for them, their saved
 * favorites. Nothing per visitor for anonymous requests (their pages are shared by a cache;
 * a guest's favorites and cart come from the browser's storage after hydration).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.auth.getViewer(request);
  const favoriteIds = viewer ? await listFavoriteIds({ db: context.db, userId: viewer.userId }) : null;
  return { viewer, favoriteIds, publicUrl: context.config.publicUrl } satisfies RootFavoritesData & {
    publicUrl: string;
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  // A page with `handle.bare` (the printable packing slip) shows no shop header or footer.
  const isBare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare === true);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={appStylesHref} precedence="high" />
        <meta name="theme-color" content="#c8673a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {!isBare && <SiteHeader viewer={data?.viewer ?? null} />}
        <div id="main" className="flex-1">
          {children}
        </div>
        {!isBare && <SiteFooter />}
        <Toaster />
        <FavoritesSync viewerId={data?.viewer?.userId ?? null} accountIds={data?.favoriteIds ?? null} />
        <VisitorTracker />
        <RouteScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A route whose loader threw renders here, above its own meta: the page names itself (React
  // puts the <title> in the head), as the splat route's 404 does.
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <>
        <title>Page not found | Wear Your Faith</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </>
    );
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${message} | Wear Your Faith`}</title>
      <h1 className="text-3xl font-semibold">{message}</h1>
      <p className="mt-4 text-muted">Please try again in a moment.</p>
      <a className="mt-8 inline-block text-brand-600 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
