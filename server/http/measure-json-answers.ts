/**
 * JSON answers are built whole in memory (Response.json, c.json) but go out as a stream without
 * a length, so the compression middleware compressed even a 60-byte answer through a web
 * CompressionStream (issue 31: about 4 % of a checkout's CPU, and a gzipped tiny answer is
 * larger than the answer). This middleware, registered just inside `compress`, reads such an
 * answer and gives it its Content-Length, so `compress({ threshold })` leaves the small ones as
 * they are and compresses the rest as before.
 */
import type { MiddlewareHandler } from 'hono';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export const measureJsonAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = c.res;
  // Headers first: asking for the body turns the Node adapter's light answer (a page's buffer,
  // a JSON text) into a web Response with a stream, which it then reads back (issue 31).
  if (answer.headers.has('content-length') || answer.headers.has('content-encoding')) return;
  if (!JSON_TYPE.test(answer.headers.get('content-type') ?? '')) return;
  if (!answer.body) return;
  const body = await answer.arrayBuffer();
  const headers = new Headers(answer.headers);
  headers.set('Content-Length', String(body.byteLength));
  // Cleared first: Hono copies the old answer's headers onto a new c.res.
  c.res = undefined;
  c.res = new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};
