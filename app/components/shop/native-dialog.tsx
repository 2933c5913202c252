import { useEffect, useId, useRef } from 'react';
import { X } from '~/components/ui/icons';
import { holdModal } from '~/lib/modal-presence';

/** What Tab can reach inside a dialog. */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * Marks a dialog about to open when the page has a scrollbar that takes room (a classic one):
 * the page then keeps that room while it cannot scroll (app.css `:root:has(...)` rules below),
 * so nothing moves. With overlay or hidden scrollbars (phones, headless Chromium) no room is
 * kept: a kept gutter there was a blank 15 px strip beside the page, and moved it (issue 32).
 */
function markScrollbarGutter(element: HTMLDialogElement) {
  const scrollbarWidth = window.innerWidth - document.documentElement.clientWidth;
  element.toggleAttribute('data-keep-gutter', scrollbarWidth > 0);
}

/**
 * `overPage`: shows the dialog as a popover and makes it modal by script (see NativeDialog);
 * returns what hides it again and gives focus back. Escape fires the dialog's `cancel`, as the
 * browser does for a modal dialog, so both kinds close through the same handler.
 */
function showOverPage(element: HTMLDialogElement): () => void {
  const opener = document.activeElement;
  markScrollbarGutter(element);
  element.showPopover();
  (focusables(element)[0] ?? element).focus();
  const keepFocusInside = (event: FocusEvent) => {
    if (event.target instanceof Node && !element.contains(event.target)) (focusables(element)[0] ?? element).focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      element.dispatchEvent(new Event('cancel', { cancelable: true }));
    } else if (event.key === 'Tab') {
      // Between its controls the browser moves focus; at either end it goes round.
      const items = focusables(element);
      const active = document.activeElement;
      if (items.length === 0 || active === (event.shiftKey ? items[0] : items.at(-1)) || !element.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? items.at(-1) : items[0])?.focus();
      }
    }
  };
  document.addEventListener('focusin', keepFocusInside);
  document.addEventListener('keydown', onKeyDown, true);
  let shown = true;
  return () => {
    if (!shown) return;
    shown = false;
    document.removeEventListener('focusin', keepFocusInside);
    document.removeEventListener('keydown', onKeyDown, true);
    const hadFocus = element.contains(document.activeElement) || document.activeElement === document.body;
    if (element.isConnected) element.hidePopover();
    if (hadFocus && opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
}

/**
 * The storefront's modal dialog (promo, footer Quick Links): a native `<dialog>`.
 *
 * A dialog the shopper opens (footer Quick Links) is opened with `showModal()`: the browser puts
 * it in the top layer, makes the page behind inert (focus stays inside), focuses the first
 * control, closes on Escape and gives focus back to the opener on close. So the storefront ships
 * no dialog library.
 *
 * A dialog nobody asked for (the promo, `overPage`) opens in the page's first seconds, and making
 * a whole page inert costs the browser a style pass over every element: a 30–60 ms task on a
 * phone, the one long task after the page is interactive (issue 15). It is shown with
 * `showPopover()` instead: the same top layer without that pass, and modal by this component:
 * the `<dialog>` covers the viewport and dims the page as a modal's backdrop does (issue 32; a
 * click beside the card lands on it and closes it, never on the page), it is `aria-modal`, Tab
 * and Shift+Tab cycle through its controls, focus that leaves is brought back, Escape closes it,
 * the page does not scroll under it, and focus returns where it was.
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
  overPage = false,
  onClose,
  children,
}: {
  title: string;
  description: string;
  /** A short line above the title. */
  eyebrow?: string;
  /** The promo's look: narrower, everything centered, a larger title. */
  centered?: boolean;
  /** Opened over the page without making it inert (see above): for a dialog the shopper did not ask for. */
  overPage?: boolean;
  onClose: () => void;
  /** The body; a function is given `close` for buttons that close the dialog. */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const closed = useRef(false);
  /** overPage: takes the dialog out of the top layer and gives focus back (`showOverPage`). */
  const hidePopover = useRef<(() => void) | null>(null);
  const finish = () => {
    if (closed.current) return;
    closed.current = true;
    onClose();
  };
  const close = () => {
    if (overPage) hidePopover.current?.();
    else dialog.current?.close();
    finish();
  };
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && overPage) hidePopover.current = showOverPage(element);
    // Strict Mode runs this twice; showModal() on an open modal dialog would throw in older browsers.
    else if (element && !element.open) {
      markScrollbarGutter(element);
      element.showModal();
    }
    const release = holdModal();
    return () => {
      hidePopover.current?.();
      hidePopover.current = null;
      release();
    };
  }, [overPage]);

  // A click whose press and release both land outside the panel (on the ::backdrop, which
  // reports the dialog itself as target; over the page, on the dialog around the card) closes
  // it; a text selection dragged out does not.
  const isOnBackdrop = (event: React.MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return false;
    if (overPage) return true;
    const box = event.currentTarget.getBoundingClientRect();
    return (
      event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
    );
  };

  const panel = `max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto overscroll-contain rounded-2xl bg-white p-6 text-ink shadow-2xl ${
    centered ? 'max-w-md text-center' : 'max-w-lg'
  }`;
  const content = (
    <>
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
    </>
  );

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      {...(overPage ? { popover: 'manual' as const, 'aria-modal': true } : {})}
      // Escape (the browser's for a modal dialog, showOverPage's over the page): closed here, at
      // once (the element's own close would fire `close` a task later); closing before the parent
      // unmounts the element is what returns focus to the opener.
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
      // The :root:has() rules keep the page from scrolling under it without a script touching
      // the page's styles; a classic scrollbar's room is kept (data-keep-gutter), so nothing moves.
      className={
        overPage
          ? // The whole viewport, dimmed as a modal's backdrop is, the card in its middle;
            // displayed only while shown (an author `display` would override the browser's hiding
            // of a closed popover).
            'm-0 size-full max-h-none max-w-none items-center justify-center border-0 bg-black/50 p-0 backdrop-blur-[2px] focus:outline-none [:root:has(&:popover-open)]:overflow-hidden [:root:has(&[data-keep-gutter]:popover-open)]:[scrollbar-gutter:stable] [&:popover-open]:flex'
          : // m-auto: Tailwind's reset zeroes the margin the browser centers a modal dialog with.
            `${panel} m-auto focus:outline-none backdrop:bg-black/50 backdrop:backdrop-blur-[2px] [:root:has(&[open])]:overflow-hidden [:root:has(&[data-keep-gutter][open])]:[scrollbar-gutter:stable]`
      }
    >
      {overPage ? <div className={`${panel} relative ring-1 ring-black/10`}>{content}</div> : content}
    </dialog>
  );
}
