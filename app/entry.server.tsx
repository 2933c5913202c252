import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce';

export const streamTimeout = 5_000;

/**
 * React Router reports here what a loader, an action or a render threw. A refusal it makes
 * itself (a POST to a page without an action: 405; an unknown route: 404) is an answer to a
 * bad request, not a fault: no log line, no stack trace (issue 12 item 11). So is a request
 * the client abandoned. Everything else is logged once, at error level, with the request id.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const loadContext = context as Partial<AppLoadContext> | undefined;
  if (loadContext?.logger) {
    loadContext.logger.error({ err: error, requestId: loadContext.requestId, url: request.url }, 'route error');
  } else {
    console.error(error);
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA-mode generation wait for all content; browsers get the shell first.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A failed render is never kept by the page cache (server/http/page-cache.ts).
          if (loadContext.pageRender) loadContext.pageRender.failed = true;
          // Errors after the shell are logged here; before it, the error boundary renders them.
          if (shellRendered) loadContext.logger.error({ err: error }, 'render error');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
