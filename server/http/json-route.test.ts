import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { badRequest, TooManyRequestsError } from '../app-error';
import { jsonAnswer, jsonRoute } from './json-route';

function args(request: Request) {
  const logger = { error: vi.fn() };
  return { request, context: { logger, requestId: 'req-1' } as unknown as AppLoadContext, logger };
}

describe('jsonRoute', () => {
  const post = (body: string) => new Request('http://shop.test/api/x', { method: 'POST', body });

  it('answers the data as JSON that is never cached', async () => {
    const route = jsonRoute({ methods: ['POST'], readBody: true }, async ({ body }) => ({ echo: body }));
    const response = await route(args(post('{"a":1}')));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ echo: { a: 1 } });
  });

  it('answers an AppError as { error, code } with its status and headers, without logging', async () => {
    const call = args(post('{}'));
    const route = jsonRoute({}, async () => {
      throw new TooManyRequestsError('rate-limited', { message: 'Slow down', retryAfterSeconds: 60 });
    });
    const response = await route(call);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.json()).toEqual({ error: 'Slow down', code: 'rate-limited' });
    expect(call.logger.error).not.toHaveBeenCalled();
  });

  it('refuses other methods with 405 and Allow, and a body that is not JSON with 400', async () => {
    const route = jsonRoute({ methods: ['POST'], readBody: true }, async () => ({}));
    const get = await route(args(new Request('http://shop.test/api/x')));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const broken = await route(args(post('{nope')));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'The request body is not valid JSON', code: 'invalid-json' });
  });

  it('logs an unexpected failure with the request id and answers 500 with the endpoint text', async () => {
    const call = args(post('{}'));
    const route = jsonRoute({ failureMessage: 'Please try again.', what: 'test' }, async () => {
      throw new Error('database on fire');
    });
    const response = await route(call);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Please try again.', code: 'internal' });
    expect(call.logger.error).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1' }), 'test failed');
  });

  it('passes a Response from the handler through', async () => {
    const route = jsonRoute({}, async () => new Response(null, { status: 204 }));
    expect((await route(args(post('')))).status).toBe(204);
    expect(badRequest('x').status).toBe(400);
  });
});

describe('jsonAnswer', () => {
  it('answers what Response.json answers, with the length of its bytes', async () => {
    const data = { title: 'Grâce Tee ✝', priceCents: 2499, tags: ['new'], none: null };
    const answer = jsonAnswer(data, { status: 201, headers: { 'X-Extra': 'kept' } });
    const reference = Response.json(data, { status: 201 });
    const text = await answer.text();
    expect(text).toBe(await reference.text());
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe(reference.headers.get('content-type'));
    expect(answer.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength));
    expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(text.length);
    expect(answer.headers.get('x-extra')).toBe('kept');
  });

  it('keeps a content type the caller gives, and refuses a value JSON cannot hold', () => {
    const problem = jsonAnswer({ title: 'x' }, { headers: { 'Content-Type': 'application/problem+json' } });
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    expect(() => jsonAnswer(undefined)).toThrow(TypeError);
  });
});
