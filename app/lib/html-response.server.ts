/**
 * A React element rendered to an HTML Response (entry.server.tsx). A render that finishes soon
 * after its shell (every page today: loaders are awaited, and what is left after the shell is
 * React Router's data script, done a few event-loop turns later) is written at once, complete,
 * and answered as one buffer, which the HTTP shell sends with one write: no stream layers (a
 * tenth of a render, issue 15), and no Suspense boundary sent as a placeholder and swapped in
 * by a script (a kilobyte of the home page). A render still going `waitMs` after its shell
 * starts streaming then (a browser); crawlers always get the finished page.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** How long a browser's page waits for its render to finish before its shell is streamed. */
export const BUFFER_WAIT_MS = 100;

/** Where React writes: kept in memory until the render ends or the page starts streaming. */
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

export interface HtmlResponseOptions {
  status: number;
  headers: Headers;
  nonce?: string;
  /** Crawlers and SPA-mode generation: the finished page only, however long it takes. */
  waitForAll: boolean;
  /** A render still going after this is aborted (what is pending is left to the browser). */
  abortAfterMs: number;
  waitMs?: number;
  /** A render error; the answer's status becomes 500. `afterShell`: the shell was complete. */
  onError(error: unknown, afterShell: boolean): void;
}

export function renderHtmlResponse(element: ReactNode, options: HtmlResponseOptions): Promise<Response> {
  const { headers, waitForAll, waitMs = BUFFER_WAIT_MS } = options;
  let status = options.status;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let piped = false;
    let waitTimer: ReturnType<typeof setTimeout> | undefined;
    const abortTimer = setTimeout(() => abort(), options.abortAfterMs);
    const sink = new HtmlSink();

    /** Starts writing: the whole page when all is ready, else the shell and then the rest. */
    const startWriting = () => {
      if (piped) return;
      piped = true;
      clearTimeout(waitTimer);
      headers.set('Content-Type', 'text/html; charset=utf-8');
      // The HTTP shell compresses pages for clients that ask; said here, its compression
      // middleware finds the header present and does not rebuild the answer to add it (Hono's
      // `c.header` on a finished response copies it: 2-3% of a page render, issue 15).
      if (!/\baccept-encoding\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
      pipe(sink as unknown as NodeJS.WritableStream);
      if (sink.ended) {
        clearTimeout(abortTimer);
        resolve(new Response(Buffer.concat(sink.chunks), { headers, status }));
        return;
      }
      const body = sink.toStream();
      body.on('close', () => clearTimeout(abortTimer));
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
    };

    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      onShellReady() {
        shellRendered = true;
        // When the render is already complete, onAllReady comes right after this.
        if (!waitForAll) waitTimer = setTimeout(startWriting, waitMs);
      },
      onAllReady: startWriting,
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        clearTimeout(waitTimer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        options.onError(error, shellRendered);
      },
    });
  });
}
