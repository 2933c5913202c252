import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_HEARTBEAT_MS } from '@domain/admin-session';
import { ADMIN_TOKEN_KEY } from '~/lib/admin/admin-session';
import { useAdminSessionLifecycle } from './use-admin-session-lifecycle';

const TOKEN = 'a'.repeat(43);

describe('the admin page keeps its session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let beacon: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
    fetchMock = vi.fn(async () => Response.json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const resumes = () =>
    fetchMock.mock.calls.filter(
      ([url, init]) =>
        url === '/api/admin/session?resume=1' &&
        (init as RequestInit).method === 'POST' &&
        new Headers((init as RequestInit).headers).get('X-Admin-Session') === TOKEN,
    ).length;

  it('resumes on load and every heartbeat, and stops when the page unmounts', async () => {
    const { unmount } = renderHook(() => useAdminSessionLifecycle());
    expect(resumes()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SESSION_HEARTBEAT_MS));
    expect(resumes()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SESSION_HEARTBEAT_MS));
    expect(resumes()).toBe(3);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * ADMIN_SESSION_HEARTBEAT_MS));
    expect(resumes()).toBe(3);
  });

  it('marks the session left by beacon on pagehide, keeping the token for a reload', () => {
    renderHook(() => useAdminSessionLifecycle());
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith(`/api/admin/session?leave=1&token=${TOKEN}`);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe(TOKEN);
  });

  it('resumes when the page comes back from the page cache, not on an ordinary pageshow', () => {
    renderHook(() => useAdminSessionLifecycle());
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(resumes()).toBe(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(resumes()).toBe(2);
  });

  it('drops the token when the server says the session is gone', async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: 'gone' }, { status: 401 }));
    renderHook(() => useAdminSessionLifecycle());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});
