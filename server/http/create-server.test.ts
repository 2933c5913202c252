import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { closeGracefully, createShopServer } from './create-server';

describe('closeGracefully', () => {
  it('answers what is in flight, closes busy keep-alive connections as they go idle, and cuts nothing', async () => {
    const logger = pino({ level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    // Every answer takes 30 ms: at any moment most connections are busy.
    const server = createShopServer({
      fetch: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return new Response('ok');
      },
      limits: { maxConnections: 100, requestTimeoutMs: 10_000 },
      logger,
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let stopped = false;
    const answers: { afterStop: boolean; connection: string | undefined }[] = [];
    const failures: { startedAfterStop: boolean; code: string }[] = [];
    const request = () =>
      new Promise<void>((resolve) => {
        const startedAfterStop = stopped;
        const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            answers.push({ afterStop: stopped, connection: res.headers.connection });
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          failures.push({ startedAfterStop, code: error.code ?? error.message });
          resolve();
        });
      });
    // Four clients in a loop, as a proxy's pool of connections to the shop.
    const clients = Array.from({ length: 4 }, async () => {
      for (let sent = 0; sent < 200; sent++) {
        const before = failures.length;
        await request();
        if (failures.length > before) return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = new Promise<void>((resolve) =>
      closeGracefully(server, { logger, graceMs: 5_000, onClosed: resolve }),
    );
    stopped = true;
    await closed;
    await Promise.all(clients);
    agent.destroy();

    expect(answers.filter((answer) => !answer.afterStop).length).toBeGreaterThan(4);
    // Nothing started before the stop failed; what was sent on a closing connection was refused or reset.
    expect(failures.filter((failure) => !failure.startedAfterStop)).toEqual([]);
    // Answers finished after the stop tell the client to close.
    const late = answers.filter((answer) => answer.afterStop);
    expect(late.length).toBeGreaterThan(0);
    expect(late.some((answer) => answer.connection === 'close')).toBe(true);
    // The grace never ran out: no connection was cut.
    expect(warn).not.toHaveBeenCalled();
  });
});
