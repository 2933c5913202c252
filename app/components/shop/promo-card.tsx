import * as MESSAGES from '@domain/messages';
import { Button } from '~/components/ui/button';
import { notify } from '~/lib/notify';
import { NativeDialog } from './native-dialog';
import type { Promo } from './promo-code';

/**
 * The promo's dialog itself (SPEC §2 Promo dialog): the code, Copy Code and Maybe Later. Its own
 * module, fetched while the promo's 2 s delay passes (promo-dialog.tsx), so the dialog's code is
 * not part of the JavaScript every storefront page loads before it can hydrate (issue 15).
 */
export function PromoCard({ promo, onClose }: { promo: Promo; onClose: () => void }) {
  return (
    <NativeDialog
      centered
      overPage
      eyebrow="A gift for you"
      title={MESSAGES.promoTitle(promo.label)}
      description="Use this code at checkout and wear your faith for less."
      onClose={onClose}
    >
      {(close) => (
        <>
          <p className="rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 px-6 py-3 font-mono text-2xl font-bold tracking-[0.3em] text-brand-700">
            {promo.code}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={close}>
              {MESSAGES.promoMaybeLater}
            </Button>
            <Button
              variant="brand"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(promo.code);
                  notify({ title: MESSAGES.promoCodeCopiedTitle, description: `${promo.code} - ${promo.label}` });
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

/**
 * The featured code, or null when there is none (or it cannot be read): the dialog then stays
 * closed. Here, in the dialog's own chunk, so the JavaScript every page loads does not carry it.
 */
export async function fetchPromo(): Promise<Promo | null> {
  try {
    const response = await fetch('/api/promo', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { promo?: Promo | null };
    return body.promo && typeof body.promo.code === 'string' && typeof body.promo.label === 'string'
      ? body.promo
      : null;
  } catch (error) {
    console.warn('Promo unavailable', error);
    return null;
  }
}
