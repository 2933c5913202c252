import * as MESSAGES from '@domain/messages';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { whenNoModal } from '~/lib/modal-presence';
import { notify } from '~/lib/notify';
import { NativeDialog } from './native-dialog';
import { PROMO_DELAY_MS, PROMO_SEEN_KEY } from './promo-code';

export { PROMO_DELAY_MS, PROMO_SEEN_KEY } from './promo-code';

/** How long the promo waits for an idle moment after its delay before it opens anyway. */
const IDLE_TIMEOUT_MS = 1000;

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
 * dialog (no library, no extra chunk) opened in an idle moment after the delay, over the page
 * (`NativeDialog overPage`): modal for the shopper, but without the browser's style pass over a
 * page made inert, which was the one long task after the page became interactive (issue 15).
 * It leaves the page behind undimmed: a promo nobody asked for is a card over the page, not a
 * new screen (and a dimmed page counts as the page changing, late, in Speed Index: 3.5 s against
 * 2.0 s measured). When another dialog is open (Admin Access, the menu, a footer dialog), it
 * waits until that one closes.
 */
export function PromoDialog({ delayMs = PROMO_DELAY_MS }: { delayMs?: number }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readSeen()) return;
    let cancel = () => {};
    const timer = window.setTimeout(() => {
      cancel = whenIdle(() => {
        cancel = whenNoModal(() => setOpen(true));
      });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, [delayMs]);

  if (!open) return null;
  return (
    <NativeDialog
      centered
      overPage
      eyebrow="A gift for you"
      title={MESSAGES.promoTitle}
      description="Use this code at checkout and wear your faith for less."
      onClose={() => {
        setOpen(false);
        markSeen();
      }}
    >
      {(close) => (
        <>
          <p className="rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 px-6 py-3 font-mono text-2xl font-bold tracking-[0.3em] text-brand-700">
            {MESSAGES.promoCode}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={close}>
              {MESSAGES.promoMaybeLater}
            </Button>
            <Button
              variant="brand"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(MESSAGES.promoCode);
                  notify({
                    title: MESSAGES.promoCodeCopiedTitle,
                    description: MESSAGES.couponApplied(MESSAGES.promoCode),
                  });
                } catch (error) {
                  console.warn('Clipboard unavailable', error);
                }
                close();
              }}
            >
              {MESSAGES.promoCopyCode}
            </Button>
          </div>
        </>
      )}
    </NativeDialog>
  );
}
