/**
 * The visitor heartbeat's sender (SPEC §4 Visitor session): loaded after hydration by
 * visitor-tracker.tsx, so it is not part of any page's first JavaScript.
 */
const KEY = 'visitorSessionId';

function sessionId(): string {
  let id = sessionStorage.getItem(KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    id = crypto.randomUUID().replace(/-/g, '');
    sessionStorage.setItem(KEY, id);
  }
  return id;
}

export function send(isActive: boolean, beacon = false) {
  try {
    const body = JSON.stringify({
      sessionId: sessionId(),
      pageUrl: location.href.slice(0, 2048),
      userAgent: navigator.userAgent,
      isActive,
    });
    // JSON endpoints take application/json only (server/http/body-guard.ts), beacons too.
    if (beacon && navigator.sendBeacon?.('/api/visitors', new Blob([body], { type: 'application/json' }))) return;
    fetch('/api/visitors', {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    }).catch((error: unknown) => console.warn('[visitors] heartbeat failed', error));
  } catch (error) {
    console.warn('[visitors] heartbeat failed', error);
  }
}
