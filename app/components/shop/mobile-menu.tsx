import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from '~/components/ui/icons';
import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { SignOutButton } from '~/components/account/sign-out-button';
import { Button } from '~/components/ui/button';
import type { Viewer } from '@domain/viewer';
import { CategoryNavLinks } from './category-nav';
import { iconLink } from './nav-links';

/**
 * SPEC §2 Header, narrow screens: the 320px slide-in menu (a Radix dialog: focus trapped and
 * restored, Escape closes). Loaded when first opened, so it costs nothing on page load.
 */
export default function MobileMenu({
  viewer,
  onClose,
  onAdmin,
}: {
  viewer: Viewer | null;
  onClose: () => void;
  onAdmin: () => void;
}) {
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[320px] max-w-full flex-col bg-surface shadow-2xl focus:outline-none motion-safe:animate-[slide-in_200ms_ease-out]"
          aria-describedby={undefined}
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className={iconLink} aria-label="Close menu">
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Categories" className="flex flex-col gap-1 p-4">
            <CategoryNavLinks linkClassName="rounded-lg px-3 py-3 text-base font-medium transition hover:bg-brand-50 aria-[current=page]:text-brand-700" onNavigate={onClose} />
          </nav>
          {viewer && (
            // The account, loyalty and sign-out links, with their names (the header has icons).
            <div className="flex flex-col gap-1 border-t border-line px-4 py-4">
              <Link
                to="/account"
                onClick={onClose}
                className="rounded-lg px-3 py-3 text-base font-medium hover:bg-brand-50"
              >
                Your account
              </Link>
              <Link
                to="/loyalty"
                onClick={onClose}
                className="rounded-lg px-3 py-3 text-base font-medium hover:bg-brand-50"
              >
                {MESSAGES.loyaltyRewards}
              </Link>
              <SignOutButton
                withLabel
                className="flex h-12 items-center gap-2 rounded-lg px-3 text-base font-medium hover:bg-brand-50"
              />
            </div>
          )}
          <div className="px-4">
            <Button variant="outline" className="w-full" onClick={onAdmin}>
              Admin Access
            </Button>
          </div>
          <p className="mt-auto border-t border-line px-4 py-5 text-center text-sm font-semibold text-brand-700">
            {MESSAGES.brandName}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
