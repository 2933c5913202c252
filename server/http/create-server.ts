/**
 * The process's HTTP server (issue 30 items 3 and 6, decision 029) around the Hono app:
 *
 * - **A cap on connections** (MAX_CONNECTIONS): a connection beyond it is answered 503 with
 *   Retry-After and closed, rather than queued or dropped silently; a warning says so at most
 *   once a minute.
 * - **A deadline for the whole request** (REQUEST_TIMEOUT_SECONDS): headers and body must have
 *   arrived by then, or Node answers 408 and closes the socket (its default holds a trickling
 *   body for 300 s); headers alone get a third of it, at most 20 s.
 * - Keep-alive a little longer than a load balancer's usual 60 s idle timeout.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';

export interface ServerLimits {
  maxConnections: number;
  requestTimeoutMs: number;
}

const BUSY_BODY = 'The shop is busy. Please try again in a moment.\n';
const BUSY_RESPONSE =
  'HTTP/1.1 503 Service Unavailable\r\n' +
  'Retry-After: 5\r\nConnection: close\r\nCache-Control: no-store\r\n' +
  `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(BUSY_BODY)}\r\n\r\n${BUSY_BODY}`;
const BUSY_WARNING_EVERY_MS = 60_000;

export function createShopServer(options: {
  fetch: Parameters<typeof getRequestListener>[0];
  limits: ServerLimits;
  logger: Logger;
  /** Development: Vite's middleware sees each request first. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}): Server {
  const { limits, logger, devMiddleware } = options;
  const listener = getRequestListener(options.fetch);
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(20_000, Math.max(1_000, Math.round(limits.requestTimeoutMs / 3))),
      // How often Node looks for requests past those deadlines (its default is 30 s).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(limits.requestTimeoutMs / 4))),
      keepAliveTimeout: 65_000,
    },
    (req, res) => {
      if (devMiddleware) devMiddleware(req, res, () => void listener(req, res));
      else void listener(req, res);
    },
  );

  // Node's own connection listener parses HTTP; connections over the cap never reach it.
  const [handleConnection] = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  let refusedSinceWarning = 0;
  let lastWarning = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) {
      refuseBusy(socket);
      refusedSinceWarning += 1;
      if (Date.now() - lastWarning >= BUSY_WARNING_EVERY_MS) {
        logger.warn(
          { maxConnections: limits.maxConnections, refused: refusedSinceWarning },
          'connections over MAX_CONNECTIONS answered 503',
        );
        lastWarning = Date.now();
        refusedSinceWarning = 0;
      }
      return;
    }
    open += 1;
    socket.once('close', () => (open -= 1));
    handleConnection!.call(server, socket);
  });
  return server;
}

/** Answers 503 once the request has begun to arrive (or after a second), then closes. */
function refuseBusy(socket: Socket): void {
  socket.on('error', () => undefined);
  let answered = false;
  const answer = () => {
    if (answered || socket.destroyed) return;
    answered = true;
    socket.end(BUSY_RESPONSE);
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
  socket.once('data', answer);
  setTimeout(answer, 1_000).unref();
}

/** How long connections may take to finish after a stop before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops the server the way a client (or a proxy's pool of keep-alive connections) can follow:
 * no new connections; every answer from now on says `Connection: close`, and a connection
 * closes as soon as it has no request in flight (Node's `close` alone closed only the ones idle
 * at that moment, so a busy keep-alive connection went on taking requests until the grace ran
 * out and was cut in the middle of one). What is still open after `graceMs` is cut, and said.
 */
export function closeGracefully(
  server: Server,
  options: { logger: Logger; graceMs?: number; onClosed: () => void },
): void {
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  server.close(() => options.onClosed());
  server.closeIdleConnections();
  // A connection whose answer was on its way when the stop came is idle once it is sent.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
  const cut = setTimeout(() => {
    options.logger.warn(
      { graceMs: options.graceMs ?? SHUTDOWN_GRACE_MS },
      'connections still busy at shutdown were cut',
    );
    server.closeAllConnections();
  }, options.graceMs ?? SHUTDOWN_GRACE_MS);
  cut.unref();
  server.once('close', () => {
    clearInterval(sweep);
    clearTimeout(cut);
  });
}
