/**
 * The skeleton of every JSON endpoint: the methods it takes, the body read as JSON, the
 * handler's data answered as JSON (never cached unless the handler says so), and every
 * failure answered the same way: an AppError as `{ error, code }` with its status (plus
 * any details the endpoint's spec names), anything else logged and answered 500 with the
 * endpoint's generic message. A handler may return a Response for answers that are not
 * plain JSON (a CSV download, 204, public cache headers).
 */
import type { AppLoadContext } from 'react-router';
import { AppError, methodNotAllowed } from '../app-error';
import { readJsonBody } from './json-request';

const NO_STORE = { 'Cache-Control': 'no-store' };
const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/**
 * What `Response.json` answers, built from the text itself and with its Content-Length: the
 * HTTP shell then sends the text as it is (a web stream around it and a second copy cost a
 * tenth of a small JSON answer's CPU, issue 31), and its compression skips small answers.
 */
export function jsonAnswer(data: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(data);
  // As Response.json: a value JSON cannot hold (undefined, a function) is a programming error.
  if (text === undefined) throw new TypeError('jsonAnswer: the value has no JSON form');
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  headers.set('Content-Length', String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

/** JSON data answered with `Cache-Control: no-store` unless `init` sets its own. */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return jsonAnswer(data, { ...init, headers });
}

/** An AppError as JSON: `{ ...details, error, code }` with its status and headers, never cached. */
export function appErrorResponse(error: AppError): Response {
  return jsonAnswer(
    { ...error.details, error: error.message, code: error.code },
    { status: error.status, headers: { ...NO_STORE, ...error.headers } },
  );
}

/** The JSON answer for a failure; logs what was not expected. */
export function errorResponse(
  error: unknown,
  options: { logger: AppLoadContext['logger']; requestId?: string; failureMessage?: string; what?: string },
): Response {
  if (error instanceof AppError) return appErrorResponse(error);
  // A Response thrown by a library or a guard passes through as it is.
  if (error instanceof Response) return error;
  options.logger.error({ err: error, requestId: options.requestId }, `${options.what ?? 'request'} failed`);
  return jsonAnswer(
    { error: options.failureMessage ?? GENERIC_FAILURE, code: 'internal' },
    { status: 500, headers: NO_STORE },
  );
}

type RouteArgs = { request: Request; context: AppLoadContext };

export interface JsonRouteOptions {
  /** The methods this export answers (others get 405 with Allow); all when absent. */
  methods?: readonly string[];
  /** Read and parse the body as JSON before the handler (`body`). */
  readBody?: boolean;
  /** The message of an unexpected failure (SPEC's text where it has one). */
  failureMessage?: string;
  /** Names the endpoint in the log line of an unexpected failure. */
  what?: string;
}

/** Wraps a loader or action: see the module comment. */
export function jsonRoute<Args extends RouteArgs>(
  options: JsonRouteOptions,
  handler: (args: Args & { body: unknown }) => Promise<unknown>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    const { request, context } = args;
    try {
      if (options.methods && !options.methods.includes(request.method)) {
        throw methodNotAllowed(options.methods.join(', '));
      }
      const body = options.readBody ? await readJsonBody(request) : undefined;
      const result = await handler({ ...args, body });
      return result instanceof Response ? result : jsonResponse(result);
    } catch (error) {
      return errorResponse(error, {
        logger: context.logger,
        requestId: context.requestId,
        failureMessage: options.failureMessage,
        what: options.what,
      });
    }
  };
}

/**
 * The loader of an endpoint that only takes `methods` (an action): a GET is 405 with Allow.
 * Without a loader, React Router answers a GET with a bare 400 "Unexpected Server Error".
 */
export const actionOnlyLoader = (methods: readonly string[]) =>
  jsonRoute<RouteArgs>({ methods }, async () => undefined);

/** The loader of a POST-only endpoint: every GET is 405 with Allow: POST. */
export const postOnlyLoader = actionOnlyLoader(['POST']);
