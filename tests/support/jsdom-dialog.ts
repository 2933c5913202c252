/**
 * jsdom (29) has an HTMLDialogElement without showModal() or close(). This fills in what the
 * storefront's native dialogs rely on, after the HTML standard, for component tests only:
 * - showModal() sets `open`, remembers the focused element and focuses the first control;
 * - close() removes `open`, gives focus back, then fires `close`;
 * - Escape fires a cancelable `cancel` at the topmost modal dialog, then closes it;
 * - showPopover() / hidePopover() (jsdom has no popover API) keep a state the element reports
 *   through a `data-popover-open` attribute, for tests to read; on a <dialog> they also set and
 *   remove `open`, the only thing that makes jsdom count a dialog as shown (Chromium shows a
 *   popover dialog without it).
 * The real thing is exercised in Chromium by the browser tests (tests/e2e/native-dialogs.spec.ts).
 * Import it once from a test file: it installs itself.
 */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const modalStack: HTMLDialogElement[] = [];
const openedFrom = new WeakMap<HTMLDialogElement, Element | null>();

if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) {
      if (modalStack.includes(this)) return;
      throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    }
    if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    openedFrom.set(this, document.activeElement);
    this.setAttribute('open', '');
    modalStack.push(this);
    const first = this.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? this).focus();
  };

  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const index = modalStack.indexOf(this);
    if (index >= 0) modalStack.splice(index, 1);
    const previous = openedFrom.get(this);
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    // The standard queues the close event as a task; a microtask keeps it after this call returns.
    queueMicrotask(() => this.dispatchEvent(new Event('close')));
  };

  if (typeof HTMLElement.prototype.showPopover !== 'function') {
    HTMLElement.prototype.showPopover = function showPopover(this: HTMLElement) {
      if (!this.isConnected) throw new DOMException('The popover is not connected.', 'InvalidStateError');
      this.setAttribute('data-popover-open', '');
      if (this instanceof HTMLDialogElement) this.setAttribute('open', '');
    };
    HTMLElement.prototype.hidePopover = function hidePopover(this: HTMLElement) {
      this.removeAttribute('data-popover-open');
      if (this instanceof HTMLDialogElement) this.removeAttribute('open');
    };
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A dialog removed from the document while open (a test's cleanup) is no longer modal.
    const top = modalStack.filter((dialog) => dialog.isConnected && dialog.open).at(-1);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

export {};
