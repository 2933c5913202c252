import { lazy, Suspense } from 'react';
import { useToastOutletWanted } from '~/lib/notify';

const ToastOutlet = lazy(() => import('./toast-outlet'));

/** The one toast outlet, mounted in the root layout; its code loads with the first toast. */
export function Toaster() {
  const wanted = useToastOutletWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastOutlet />
    </Suspense>
  );
}
