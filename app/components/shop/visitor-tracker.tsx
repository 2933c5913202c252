import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type * as Sender from './visitor-heartbeat';

/** SPEC §9: a heartbeat every 30 s while the page is visible. */
const HEARTBEAT_MS = 30_000;

type Heartbeat = typeof Sender;
/** The sender, loaded once after hydration (it ships on every page, so not in the first chunk). */
let loaded: Heartbeat | undefined;
let loading: Promise<Heartbeat> | undefined;
function send(isActive: boolean, beacon = false) {
  // Leaving the page cannot wait for a download: the beacon goes only if the sender is here.
  if (loaded) return loaded.send(isActive, beacon);
  if (beacon) return;
  loading ??= import('./visitor-heartbeat')
    .then((module) => (loaded = module))
    .catch((error: unknown) => {
      loading = undefined; // the next heartbeat tries again
      throw error;
    });
  loading
    .then((module) => module.send(isActive))
    .catch((error: unknown) => console.warn('[visitors] heartbeat failed', error));
}

/** Visitor presence: upsert at load, on navigation and every 30 s; inactive when hidden or left. */
export function VisitorTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    send(true);
  }, [pathname]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') send(true);
    }, HEARTBEAT_MS);
    const onVisibility = () => send(document.visibilityState === 'visible', document.visibilityState !== 'visible');
    const onPageHide = () => send(false, true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
  return null;
}
