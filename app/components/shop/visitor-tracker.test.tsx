import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitorTracker } from './visitor-tracker';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  sessionStorage.clear();
});

type Heartbeat = { url: unknown; sessionId: string; isActive: boolean };
function sentBodies(fetchMock: ReturnType<typeof vi.fn>): Heartbeat[] {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    ...(JSON.parse((init as RequestInit).body as string) as Omit<Heartbeat, 'url'>),
  }));
}

describe('VisitorTracker', () => {
  it('sends a heartbeat after mount (the sender loads lazily), then marks the visit inactive on leave by beacon', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    const beacon = vi.fn(() => true);
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });

    render(
      <MemoryRouter>
        <VisitorTracker />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const first = sentBodies(fetchMock)[0]!;
    expect(first).toMatchObject({ url: '/api/visitors', isActive: true });
    expect(first.sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/visitors');
    expect(JSON.parse(await blob.text())).toMatchObject({ isActive: false, sessionId: first.sessionId });
  });
});
