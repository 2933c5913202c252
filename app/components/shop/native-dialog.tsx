import { useEffect, useId, useRef } from 'react';
import { X } from '~/components/ui/icons';
import { holdModal } from '~/lib/modal-presence';

/**
 * The storefront's modal dialog (promo, footer Quick Links): a native `<dialog>` opened with
 * `showModal()`. The browser does what the admin's Radix dialog does in script: it puts the
 * dialog in the top layer, makes the page behind inert (focus stays inside), focuses the first
 * control, closes on Escape and gives focus back to the opener on close. So the storefront
 * ships no dialog library and opening one is a few microseconds of work (issue 15).
 *
 * Mounted means open: render it when the dialog should show. Every way of closing (Escape, the
 * close button, a click on the backdrop, the `close` a render-prop child is given) calls
 * `onClose` once, at once: the element's `close` event comes a task later, and a shopper who
 * closes and leaves the page at once must still find it closed (the promo's "seen").
 * While it is mounted, it holds `modal-presence`, so the promo dialog never opens over it.
 */
export function NativeDialog({
  title,
  description,
  eyebrow,
  centered = false,
  clearBackdrop = false,
  onClose,
  children,
}: {
  title: string;
  description: string;
  /** A short line above the title. */
  eyebrow?: string;
  /** The promo's look: narrower, everything centred, a larger title. */
  centered?: boolean;
  /**
   * The page behind stays as it is (still inert) instead of dimmed: for a dialog the shopper did
   * not ask for (the promo), which then reads as a card over the page, not a change of screen.
   */
  clearBackdrop?: boolean;
  onClose: () => void;
  /** The body; a function is given `close` for buttons that close the dialog. */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const closed = useRef(false);
  const finish = () => {
    if (closed.current) return;
    closed.current = true;
    onClose();
  };
  const close = () => {
    dialog.current?.close();
    finish();
  };
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    // Strict Mode runs this twice; showModal() on an open modal dialog would throw in older browsers.
    if (element && !element.open) element.showModal();
    return holdModal();
  }, []);

  // A click whose press and release both land outside the panel (on the ::backdrop, which
  // reports the dialog itself as target) closes it; a text selection dragged out does not.
  const isOnBackdrop = (event: React.MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return false;
    const box = event.currentTarget.getBoundingClientRect();
    return (
      event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape: closed here, at once (the element's own close would fire `close` a task later);
      // closing before the parent unmounts the element is what returns focus to the opener.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={finish}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = isOnBackdrop(event);
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && isOnBackdrop(event)) close();
        pressedOnBackdrop.current = false;
      }}
      // m-auto: Tailwind's reset zeroes the margin the browser centres a modal dialog with.
      // The :root:has() rule keeps the page from scrolling under it without a script touching
      // the page's styles (with a classic scrollbar the page behind widens by its width, under the backdrop).
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto overscroll-contain rounded-2xl bg-white p-6 text-ink shadow-2xl focus:outline-none [:root:has(&[open])]:overflow-hidden ${
        centered ? 'max-w-md text-center' : 'max-w-lg'
      } ${clearBackdrop ? 'ring-1 ring-black/10 backdrop:bg-transparent' : 'backdrop:bg-black/50 backdrop:backdrop-blur-[2px]'}`}
    >
      <div className={`mb-4 flex flex-col gap-1.5 ${centered ? 'items-center' : 'pr-6'}`}>
        {eyebrow && <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">{eyebrow}</p>}
        <h2 id={titleId} className={`font-semibold tracking-tight ${centered ? 'text-2xl' : 'text-xl'}`}>
          {title}
        </h2>
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      </div>
      {/* eslint-disable-next-line react-hooks/refs -- `close` reads the refs only when a button calls it */}
      {typeof children === 'function' ? children(close) : children}
      <button
        type="button"
        onClick={close}
        className="absolute top-4 right-4 rounded-full p-1.5 text-muted transition hover:bg-brand-50 hover:text-ink"
      >
        <X className="size-4" aria-hidden />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  );
}
