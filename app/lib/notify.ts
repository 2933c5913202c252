/**
 * Toasts with the spec's title / description pairs (SPEC §8). 'destructive' is the spec's
 * error style. The toast library (sonner) is loaded with the first toast, not with the page:
 * most visits never show one, and it would weigh on every shop page.
 */
import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
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
