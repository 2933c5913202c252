import * as MESSAGES from '@domain/messages';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { notify } from '~/lib/notify';

/** The promo dialog itself; loaded only when it is about to show (see promo-dialog.tsx). */
export default function PromoDialogContent({ onClose }: { onClose: () => void }) {
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(MESSAGES.promoCode);
      notify({ title: MESSAGES.promoCodeCopiedTitle, description: MESSAGES.couponApplied(MESSAGES.promoCode) });
    } catch (error) {
      console.warn('Clipboard unavailable', error);
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-md! text-center">
        <DialogHeader className="items-center pr-0!">
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">A gift for you</p>
          <DialogTitle className="text-2xl!">{MESSAGES.promoTitle}</DialogTitle>
          <DialogDescription>Use this code at checkout and wear your faith for less.</DialogDescription>
        </DialogHeader>
        <p className="mx-auto rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 px-6 py-3 font-mono text-2xl font-bold tracking-[0.3em] text-brand-700">
          {MESSAGES.promoCode}
        </p>
        <DialogFooter className="sm:justify-center!">
          <Button variant="outline" onClick={onClose}>
            {MESSAGES.promoMaybeLater}
          </Button>
          <Button variant="brand" onClick={copyCode}>
            {MESSAGES.promoCopyCode}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
