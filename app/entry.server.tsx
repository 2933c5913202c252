import { EventEmitter } from 'node:events';
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

/**
 * How long a browser's page may wait for its render to finish before its shell is streamed.
 * Loaders are awaited, so what is left after the shell is React Router's data script, done a
 * few event-loop turns later; only a page waiting on deferred data streams, after this.
 */
export const BUFFER_WAIT_MS = 100;

/**
 * Where React writes the page. A render that finishes soon after its shell (every page today)
 * is written at once, complete, and answered as one buffer, which the HTTP shell sends with one
 * write: no stream layers (a tenth of a render, issue 15), and no Suspense boundary sent as a
 * placeholder and swapped in by a script (a kilobyte of the home page). A render still going
 * after BUFFER_WAIT_MS (a browser) starts streaming its shell then.
 */
class HtmlSink extends EventEmitter {
  chunks: Uint8Array[] = [];
  ended = false;
  private stream: PassThrough | null = null;

  /** React writes its buffers as bytes, and long texts (the route modules script) as strings. */
  write(chunk: Uint8Array | string): boolean {
    if (this.stream) return this.stream.write(chunk);
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return true;
  }

  end(): void {
    this.ended = true;
    this.stream?.end();
  }

  /** The rest of the page as a stream, starting with what was written so far. */
  toStream(): PassThrough {
    const stream = new PassThrough();
    for (const chunk of this.chunks) stream.write(chunk);
    this.chunks = [];
    this.stream = stream;
    stream.on('drain', () => this.emit('drain'));
    stream.on('error', (error) => this.emit('error', error));
    stream.on('close', () => this.emit('close'));
    if (this.ended) stream.end();
    return stream;
  }
}

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
    let piped = false;
    let waitTimer: ReturnType<typeof setTimeout> | undefined;
    // A render still streaming after the loaders' time-out is aborted (its stream is closed).
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA-mode generation always wait for all content; browsers get the shell
    // streamed first when the rest takes long.
    const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const sink = new HtmlSink();

    /** Starts writing: the whole page when all is ready, else the shell and then the rest. */
    const startWriting = () => {
      if (piped) return;
      piped = true;
      clearTimeout(waitTimer);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      pipe(sink as unknown as NodeJS.WritableStream);
      if (sink.ended) {
        clearTimeout(timer);
        resolve(new Response(Buffer.concat(sink.chunks), { headers: responseHeaders, status: responseStatusCode }));
        return;
      }
      const body = sink.toStream();
      body.on('close', () => clearTimeout(timer));
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          // onAllReady, when the render is already complete, comes right after this.
          if (!waitForAll) waitTimer = setTimeout(startWriting, BUFFER_WAIT_MS);
        },
        onAllReady: startWriting,
        onShellError(error: unknown) {
          clearTimeout(timer);
          clearTimeout(waitTimer);
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
  });
}
