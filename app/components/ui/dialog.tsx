import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import { X } from '~/components/ui/icons';
import { canTakeFocus, currentOpener, focusAfterClose, type Opener } from './dialog-focus';
import { cn } from '~/lib/utils';

/** Radix dialog: traps focus, restores it on close, closes on Escape and outside click. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Notes the dialog's opener as it mounts: first child of the content, so its layout effect
 * runs before an autoFocus inside the dialog or Radix's own focus move.
 */
function RememberOpener({ openerRef }: { openerRef: React.RefObject<Opener | null> }) {
  useLayoutEffect(() => {
    openerRef.current = currentOpener();
  }, [openerRef]);
  return null;
}

/**
 * The dialog's panel. However it closes (Escape, Cancel, Close, a save), the focus goes back
 * to the control that opened it, or near it (dialog-focus.ts); `returnFocusTo` is the control
 * to use when there is no opener to go back to (opened from a menu that closed).
 */
export function DialogContent({
  className,
  children,
  hideClose = false,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  hideClose?: boolean;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const openerRef = useRef<Opener | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const fallback = returnFocusTo?.();
          const target = focusAfterClose(openerRef.current) ?? (fallback && canTakeFocus(fallback) ? fallback : null);
          openerRef.current = null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        <RememberOpener openerRef={openerRef} />
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-full p-1.5 text-muted transition hover:bg-brand-50 hover:text-ink">
            <X className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-semibold tracking-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted', className)} {...props} />;
}
