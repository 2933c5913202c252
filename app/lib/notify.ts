/**
 * Toasts with the spec's title / description pairs (SPEC §8). 'destructive' is the spec's
 * error style. The toast library (sonner) is loaded with the first toast, not with the page:
 * most visits never show one, and it would weigh on every shop page.
 */
import { useSyncExternalStore } from 'react';

/**
 * What a toast answers: one attempt of the shopper's (adding to the cart, a coupon, signing in
 * or up ...). A new toast of a topic replaces the one still showing, so a success clears the
 * failure of the attempt before it and repeated failures never stack over the form (issue 32).
 */
export type ToastTopic = 'cart' | 'coupon' | 'checkout' | 'auth' | 'donation' | 'favorites' | 'admin-access';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  topic?: ToastTopic;
  /** A link in the toast, to a page of the shop ('View cart'). */
  action?: { label: string; href: string };
}

let deliver: ((message: ToastMessage) => void) | null = null;
const waiting: ToastMessage[] = [];
let outletWanted = false;
const listeners = new Set<() => void>();

export function notify(message: ToastMessage) {
  if (deliver) {
    deliver(message);
    return;
  }
  waiting.push(message);
  if (!outletWanted) {
    outletWanted = true;
    for (const listener of listeners) listener();
  }
}

/** True once a toast was requested: the root then mounts the (lazily loaded) outlet. */
export function useToastOutletWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outletWanted,
    () => false,
  );
}

/** Called by the mounted outlet: shows what waited and delivers the rest directly. */
export function connectToastOutlet(show: (message: ToastMessage) => void) {
  deliver = show;
  for (const message of waiting.splice(0)) show(message);
  return () => {
    if (deliver === show) deliver = null;
  };
}
