import { isbot } from 'isbot';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { renderHtmlResponse } from '~/lib/html-response.server';
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

/** The page as one buffer when its render is done soon, else streamed (html-response.server.ts). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const userAgent = request.headers.get('user-agent');
  return renderHtmlResponse(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      status: responseStatusCode,
      headers: responseHeaders,
      nonce,
      // Crawlers and SPA-mode generation wait for all content.
      waitForAll: Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode,
      // A render still streaming after the loaders' time-out is aborted.
      abortAfterMs: streamTimeout + 1_000,
      onError(error, afterShell) {
        // A failed render is never kept by the page cache (server/http/page-cache.ts).
        if (loadContext.pageRender) loadContext.pageRender.failed = true;
        // Errors after the shell are logged here; before it, the error boundary renders them.
        if (afterShell) loadContext.logger.error({ err: error }, 'render error');
      },
    },
  );
}
