// Safety net of bench/run.ts, run as a detached plain-Node process. The harness tells it on stdin
// (JSON lines) which processes, directories and databases it has created and which it has cleaned
// up itself. If stdin closes while some are left (the harness was killed: SIGKILL, `tsx` giving up
// on a busy child after a Ctrl-C, a crash), it stops those processes (SIGTERM, then SIGKILL),
// drops those databases and removes those directories. Bounded to 60 s.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

/** @type {Map<number, any>} */
const resources = new Map();

// The harness's Ctrl-C must not stop the safety net (it is detached; this is belt and braces).
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.op === 'add') resources.set(message.id, message.spec);
  else if (message.op === 'remove') resources.delete(message.id);
});
lines.on('close', () => {
  if (resources.size === 0) process.exit(0);
  setTimeout(() => process.exit(1), 60_000).unref();
  void reap().finally(() => process.exit(0));
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(spec, name) {
  try {
    process.kill(spec.group ? -spec.pid : spec.pid, name);
  } catch {
    // already gone
  }
}

async function reap() {
  const specs = [...resources.values()].reverse();
  const processes = specs.filter((s) => s.kind === 'process' && alive(s.pid));
  for (const spec of processes) signal(spec, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (processes.some((s) => alive(s.pid)) && Date.now() < deadline) await sleep(200);
  for (const spec of processes) if (alive(spec.pid) || spec.group) signal(spec, 'SIGKILL');
  await sleep(500);

  for (const spec of specs.filter((s) => s.kind === 'database')) {
    try {
      const pg = createRequire(path.join(spec.root, 'package.json'))('pg');
      const client = new pg.Client({ connectionString: spec.adminUrl, connectionTimeoutMillis: 10_000 });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${spec.name}" WITH (FORCE)`);
      await client.end();
    } catch {
      // best effort: the name starts with wyf_bench_ so it can be found and dropped by hand
    }
  }

  for (const spec of specs.filter((s) => s.kind === 'dir')) {
    try {
      rmSync(spec.path, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // best effort
    }
  }
}
