import { lazy, Suspense, useEffect, useState } from 'react';
import { whenNoModal } from '~/lib/modal-presence';
import { PROMO_DELAY_MS, PROMO_SEEN_KEY } from './promo-code';

export { PROMO_DELAY_MS, PROMO_SEEN_KEY } from './promo-code';

const PromoDialogContent = lazy(() => import('./promo-dialog-content'));

function readSeen(): boolean {
  try {
    return window.sessionStorage.getItem(PROMO_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function markSeen() {
  try {
    window.sessionStorage.setItem(PROMO_SEEN_KEY, 'true');
  } catch {
    // Storage disabled: the dialog may show again next visit, nothing else breaks.
  }
}

/**
 * SPEC §2 Promo dialog, §4, §9: shown 2 s after load unless already seen this browser session;
 * Copy Code copies the promo code and closes; closing in any way marks it seen. The dialog's code is
 * loaded only when it is due, so it does not weigh on the page's first load. When another
 * dialog is open at 2 s (Admin Access, the menu), it waits until that one closes.
 */
export function PromoDialog({ delayMs = PROMO_DELAY_MS }: { delayMs?: number }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readSeen()) return;
    let cancelWait = () => {};
    const timer = window.setTimeout(() => {
      cancelWait = whenNoModal(() => setOpen(true));
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      cancelWait();
    };
  }, [delayMs]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PromoDialogContent
        onClose={() => {
          setOpen(false);
          markSeen();
        }}
      />
    </Suspense>
  );
}
