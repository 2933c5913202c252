import { useEffect } from 'react';
import { ADMIN_SESSION_HEARTBEAT_MS } from '@domain/admin-session';
import { leaveAdminSession, resumeAdminSession } from '~/lib/admin/admin-api';

/**
 * While the admin page is open its session stays alive: resumed on load, every heartbeat and
 * when the page comes back from the browser's page cache. When the page goes away (tab closed,
 * reload, navigation) it is marked left, and the server ends it a minute later unless the page
 * is back by then (a reload). Back to Store ends it at once (endAdminSession).
 */
export function useAdminSessionLifecycle() {
  useEffect(() => {
    resumeAdminSession();
    const heartbeat = window.setInterval(resumeAdminSession, ADMIN_SESSION_HEARTBEAT_MS);
    const onPageHide = () => leaveAdminSession();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resumeAdminSession();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
}
