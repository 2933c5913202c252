import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getJson, postJson } from './json-api';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('postJson and getJson', () => {
  it('send JSON and resolve the answer', async () => {
    const fetchMock = answer(200, { url: 'https://pay.example/1' });
    await expect(postJson('/api/x', { a: 1 }, { fallbackMessage: 'Oops' })).resolves.toEqual({
      url: 'https://pay.example/1',
    });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    answer(200, { ok: true });
    await expect(getJson('/api/y', { fallbackMessage: 'Oops' })).resolves.toEqual({ ok: true });
    answer(204, undefined);
    await expect(postJson('/api/z', {}, { fallbackMessage: 'Oops' })).resolves.toBeUndefined();
  });

  it("reject with the server's message, status and code", async () => {
    answer(400, { error: 'Line 1: choose a size', code: 'invalid-line' });
    const error = await postJson('/api/x', {}, { fallbackMessage: 'Oops' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Line 1: choose a size', status: 400, code: 'invalid-line' });
  });

  it('reject with the fallback text for an answer without a message, a non-JSON answer or no network', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(getJson('/api/x', { fallbackMessage: 'Try again' })).rejects.toMatchObject({
      message: 'Try again',
      status: 502,
    });
    answer(500, { nothing: 'here' });
    await expect(getJson('/api/x', { fallbackMessage: 'Try again' })).rejects.toMatchObject({
      message: 'Try again',
      status: 500,
    });
    answer(200, 'not json');
    await expect(getJson('/api/x', { fallbackMessage: 'Try again' })).rejects.toMatchObject({ status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getJson('/api/x', { fallbackMessage: 'Try again' })).rejects.toMatchObject({
      message: 'Try again',
      status: 0,
      code: 'network',
    });
  });
});
