/**
 * What one large request body does to the server's memory (issue 12 item 1): starts the
 * production server (`node scripts/start.mjs`, embedded database, fresh DATA_DIR), samples
 * its resident memory (VmRSS, Linux) every 20 ms while it receives a large form POST to the
 * sandbox checkout page (no login needed), once with a Content-Length and once chunked, and
 * prints idle, peak and after figures.
 *
 *   npx tsx bench/body-memory.ts                 # this checkout (built: npm run build)
 *   npx tsx bench/body-memory.ts --mb 64 --root /path/to/another/checkout
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const ROOT = path.resolve(option('root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const MEGABYTES = Number(option('mb', '64'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Sends `bytes` of form body; resolves with the status, or the error if the server cut it off. */
function post(port: number, bytes: number, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    if (!chunked) headers['Content-Length'] = bytes;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/sandbox/checkout/any-session',
      headers,
    });
    let answered = '';
    request.on('response', (response) => {
      answered = String(response.statusCode);
      response.resume();
      response.on('end', () => resolve(answered));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(answered || `connection ${error.code ?? error.message}`),
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    request.write('cardNumber=');
    let sent = 0;
    const pump = () => {
      while (sent < bytes - 11) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-body-memory-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SKIP_BUILD_CHECK: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (data: Buffer) => {
        output += data;
        if (output.includes('running at')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    await sleep(3_000);
    console.log(`root ${ROOT}`);
    console.log(`idle after start: ${rssMb(server.pid!)} MB resident`);
    for (const chunked of [false, true]) {
      const before = rssMb(server.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
      const started = Date.now();
      const status = await post(port, MEGABYTES * 1024 * 1024, chunked);
      const ms = Date.now() - started;
      await sleep(2_000);
      clearInterval(sampler);
      const after = rssMb(server.pid!);
      console.log(
        `${MEGABYTES} MB form POST (${chunked ? 'chunked' : 'Content-Length'}): answered ${status} in ${ms} ms; ` +
          `resident ${before} MB before, peak ${peak} MB (+${peak - before}), ${after} MB 2 s later`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
