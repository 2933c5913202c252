import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Kept tiny and dependency-free: it ships on every shop page. SPEC §4 Visitor session, §9 30 s. */
const KEY = 'visitorSessionId';
const HEARTBEAT_MS = 30_000;

function sessionId(): string {
  let id = sessionStorage.getItem(KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    id = crypto.randomUUID().replace(/-/g, '');
    sessionStorage.setItem(KEY, id);
  }
  return id;
}

function send(isActive: boolean, beacon = false) {
  try {
    const body = JSON.stringify({
      sessionId: sessionId(),
      pageUrl: location.href.slice(0, 2048),
      userAgent: navigator.userAgent,
      isActive,
    });
    // JSON endpoints take application/json only (server/http/body-guard.ts), beacons too.
    if (beacon && navigator.sendBeacon?.('/api/visitors', new Blob([body], { type: 'application/json' }))) return;
    fetch('/api/visitors', { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(
      (error: unknown) => console.warn('[visitors] heartbeat failed', error),
    );
  } catch (error) {
    console.warn('[visitors] heartbeat failed', error);
  }
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
