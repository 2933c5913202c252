/**
 * Where the focus goes when a dialog closes. Radix gives it back only to a Dialog.Trigger;
 * the admin's dialogs open from state (a list row's button, a status select, the dashboard's
 * low-stock card, the header's menu), so the dialog remembers the control that opened it and
 * gives the focus back to it, or to a control near where it was when it is gone.
 */

/** A control and its ancestors when it was noted (nearest first): they may be gone later. */
export interface Opener {
  element: HTMLElement;
  ancestors: HTMLElement[];
}

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]';
const CONTROL = `${TABBABLE}, button, input, select, textarea`;
const IN_A_DIALOG = '[role="dialog"], [role="alertdialog"]';

export function noteOpener(element: HTMLElement): Opener {
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
    ancestors.push(node);
  return { element, ancestors };
}

/**
 * The last control outside a dialog that got the focus or a press: a dialog can open after
 * its opener left the page (a tab switched, a menu closed), and Safari does not focus a
 * pressed button.
 */
let lastControl: Opener | null = null;
function noteControl(target: EventTarget | null) {
  const control = target instanceof Element ? target.closest<HTMLElement>(CONTROL) : null;
  if (control && !control.closest(IN_A_DIALOG)) lastControl = noteOpener(control);
}
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => noteControl(event.target), true);
  document.addEventListener('pointerdown', (event) => noteControl(event.target), true);
}

/** The opener of a dialog that is mounting: the focused element, else the last control used. */
export function currentOpener(): Opener | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return noteOpener(active);
  return lastControl;
}

export function canTakeFocus(element: HTMLElement): boolean {
  if (!element.isConnected || element.matches(':disabled') || element.closest('[hidden], [inert]')) return false;
  // jsdom has no layout (nor checkVisibility): there, not hidden is enough.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/**
 * Reachable with Tab; in a tab list, only the selected tab (Radix gives it tabindex -1 at
 * times, and the list itself a tabindex of 0).
 */
function isReturnTarget(element: HTMLElement): boolean {
  const role = element.getAttribute('role');
  if (role === 'tab') return element.getAttribute('aria-selected') === 'true';
  return role !== 'tablist' && element.tabIndex >= 0;
}

/**
 * The opener if it can still take the focus; else the first control in its nearest ancestor
 * still on the page (an unselected tab is skipped: focusing it would switch tabs). Null when
 * there is none: Radix decides.
 */
export function focusAfterClose(opener: Opener | null): HTMLElement | null {
  if (!opener) return null;
  if (canTakeFocus(opener.element)) return opener.element;
  for (const ancestor of opener.ancestors) {
    if (!ancestor.isConnected) continue;
    for (const candidate of ancestor.querySelectorAll<HTMLElement>(TABBABLE)) {
      if (isReturnTarget(candidate) && canTakeFocus(candidate)) return candidate;
    }
  }
  return null;
}
