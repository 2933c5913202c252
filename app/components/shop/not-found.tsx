import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import * as MESSAGES from '@domain/messages';

/** SPEC §2: any unknown path. The route answers with HTTP 404; the browser logs the path. */
export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-bold text-brand-500">404</p>
      <h1 className="mt-6 text-2xl font-semibold sm:text-3xl">{MESSAGES.notFound}</h1>
      <Link
        to="/"
        className="mt-10 rounded-full bg-ink px-6 py-3 text-sm font-medium text-white transition hover:bg-brand-700"
      >
        Return to Home
      </Link>
    </main>
  );
}
