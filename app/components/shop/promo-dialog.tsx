import { useEffect, useState } from 'react';
import { whenNoModal } from '~/lib/modal-presence';
import type * as PromoCardModule from './promo-card';
import type { PromoCard } from './promo-card';
import { PROMO_DELAY_MS, PROMO_SEEN_KEY, type Promo } from './promo-code';

export { PROMO_DELAY_MS, PROMO_SEEN_KEY } from './promo-code';

/** How long the promo waits for an idle moment after its delay before it opens anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** The dialog's module, once per page (null when it cannot be fetched: the promo is skipped). */
let promoCard: Promise<typeof PromoCardModule | null> | undefined;
function loadPromoCard(): Promise<typeof PromoCardModule | null> {
  promoCard ??= import('./promo-card').then(
    (module) => module,
    (error: unknown) => {
      console.warn('Promo dialog unavailable', error);
      promoCard = undefined; // a later page may try again
      return null;
    },
  );
  return promoCard;
}

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

/** Runs `run` when the main thread is idle (Safari has no requestIdleCallback: a task then). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

/**
 * SPEC §2 Promo dialog, §4, §9: shown 2 s after load unless already seen this browser session;
 * Copy Code copies the promo code and closes; closing in any way marks it seen. It is a native
 * dialog (no library) opened in an idle moment after the delay, over the page
 * (`NativeDialog overPage`): modal for the shopper, but without the browser's style pass over a
 * page made inert, which was the one long task after the page became interactive (issue 15).
 * It dims the page as every other dialog does (issue 32: an undimmed card read as part of the
 * page; decision 030 weighs what that costs in Speed Index). When another dialog is open (Admin Access, the menu, a footer dialog), it
 * waits until that one closes. The dialog's code (promo-card.tsx, with NativeDialog) is a small
 * chunk of its own, fetched as the delay starts: it is not in the JavaScript a page needs before
 * it can hydrate (issue 15).
 */
export function PromoDialog({ delayMs = PROMO_DELAY_MS }: { delayMs?: number }) {
  const [open, setOpen] = useState<{ Card: typeof PromoCard; promo: Promo } | null>(null);

  useEffect(() => {
    if (readSeen()) return;
    let live = true;
    let cancel = () => {};
    // Fetched now, while the delay passes; a page that cannot load it shows no promo, and
    // neither does a shop whose owner features no code (issue 26 item 5).
    const card = loadPromoCard().then(async (loaded) =>
      loaded ? { Card: loaded.PromoCard, promo: await loaded.fetchPromo() } : null,
    );
    const timer = window.setTimeout(() => {
      cancel = whenIdle(() => {
        void card.then((loaded) => {
          const promo = loaded?.promo;
          if (live && loaded && promo) cancel = whenNoModal(() => setOpen({ Card: loaded.Card, promo }));
        });
      });
    }, delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
      cancel();
    };
  }, [delayMs]);

  if (!open) return null;
  return (
    <open.Card
      promo={open.promo}
      onClose={() => {
        setOpen(null);
        markSeen();
      }}
    />
  );
}
