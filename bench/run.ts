/**
 * `npm run bench`: builds the shop, starts the production server on 127.0.0.1 with a fresh DATA_DIR,
 * measures HTTP load (autocannon), JavaScript weight and Lighthouse mobile performance, runs the
 * scenarios of bench/scenarios/, prints a summary on stdout and writes bench/results/latest.json.
 *
 *   npm run bench [-- --postgres] [-- --no-lighthouse]
 *   BENCH_DURATION=5 npm run bench
 *
 * See bench/README.md for the settings and what each figure means.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { probe, runHttpBench, type HttpDefaults } from '../tools/measure/http';
import { measureJsWeight } from '../tools/measure/js-weight';
import { runLighthouse } from './lib/lighthouse';
import { mb, peakResidentDuring, residentBytes } from './lib/memory';
import { pairSpecs, runPair, type CacheMode } from './lib/pairs';
import { createBenchDatabase, DEFAULT_ADMIN_URL, postgresReachable, redactUrl } from './lib/postgres';
import { startReaper } from '../tools/measure/reaper';
import {
  appliesTo,
  DEFAULT_SCENARIO_TIMEOUT_S,
  loadScenarios,
  runScenario,
  type LoadedScenario,
} from './lib/scenarios';
import { buildShop, startServer, type RunningServer } from '../tools/measure/server';
import {
  formatSummary,
  type BackendResults,
  type BenchResults,
  type HtmlWeight,
  type MemoryRecord,
  type PageCheck,
} from './lib/summary';
import type { Backend, HttpBenchOptions, ScenarioContext } from '../tools/measure/types';
import { closeCleanup, envNumber, errorMessage, log, onCleanup, runCleanup, sleep } from '../tools/measure/util';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const SCENARIOS_DIR = path.join(BENCH_DIR, 'scenarios');

const BUILD_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 20_000;
const LIGHTHOUSE_RUN_TIMEOUT_MS = 150_000;

/** Shop pages measured pair by pair against the yardstick's `/`. */
const PAIR_PATHS = ['/', '/t-shirts', '/products/simple-cross-tee'];
const PAIR_CACHES: CacheMode[] = ['warm', 'cold'];
/** Seconds a server rests after start before its idle resident memory is read. */
const IDLE_SETTLE_MS = 3_000;

/** Pages checked with one GET each (status code, size, compression). */
const PAGES = ['/', '/new-arrivals', '/t-shirts', '/healthz'];

/** Built-in load runs, in this order. */
const HTTP_TARGETS: HttpBenchOptions[] = [
  { path: '/', label: '/' },
  { path: '/', label: '/ (gzip)', headers: { 'accept-encoding': 'gzip' } },
  { path: '/new-arrivals', label: '/new-arrivals' },
  { path: '/healthz', label: '/healthz' },
];

// ---------------------------------------------------------------- options

const USAGE = `usage: npm run bench [-- --postgres] [-- --no-lighthouse]
  --postgres       also run the HTTP part against PostgreSQL (BENCH_POSTGRES=1); a fresh database
                   wyf_bench_<random> on the server of DATABASE_URL (default ${DEFAULT_ADMIN_URL}) is dropped after
  --no-lighthouse  skip Lighthouse (BENCH_LIGHTHOUSE=0)
  --scenarios-only only the scenarios (the checkout against its floor, the campus drop, ...) on each backend
environment: BENCH_DURATION (s, default 5), BENCH_WARMUP (s, 1), BENCH_LIGHTHOUSE_ALL=1 (also /t-shirts, /new-arrivals), BENCH_CONNECTIONS (50),
  BENCH_PAIR_DURATION (s per side and round, 3), BENCH_PAIR_ROUNDS (2), BENCH_PAIR_WARMUP (s, 1),
  BENCH_COLD_WARMUP (s per pair page on the freshly started cold shop before its pairs, 4),
  BENCH_POSTGRES=0 (no PostgreSQL memory figures), BENCH_LIGHTHOUSE_RUNS (1), BENCH_SCENARIOS (comma-separated names, "none" for none), BENCH_TIMEOUT (s, whole run),
  CHROME_PATH (default /usr/bin/chromium)`;

function parseOptions() {
  const args = process.argv.slice(2);
  const known = new Set(['--postgres', '--no-lighthouse', '--scenarios-only', '--help', '-h']);
  const unknown = args.filter((a) => !known.has(a));
  if (args.includes('--help') || args.includes('-h') || unknown.length > 0) {
    if (unknown.length > 0) console.error(`unknown argument(s): ${unknown.join(' ')}`);
    console.error(USAGE);
    process.exit(unknown.length > 0 ? 2 : 0);
  }
  const scenariosEnv = process.env.BENCH_SCENARIOS?.trim();
  return {
    durationSeconds: envNumber('BENCH_DURATION', 5),
    pairSeconds: envNumber('BENCH_PAIR_DURATION', 3),
    pairRounds: Math.round(envNumber('BENCH_PAIR_ROUNDS', 2)),
    pairWarmupSeconds: envNumber('BENCH_PAIR_WARMUP', 1, { allowZero: true }),
    /**
     * The cold pairs' shop is started just before them, while the yardstick has served a minute
     * of warm pairs: it is first loaded this long on each pair page (unmeasured), so that both
     * sides are compiled and warm, and the pairs compare renders, not a process's first seconds.
     */
    coldWarmupSeconds: envNumber('BENCH_COLD_WARMUP', 4, { allowZero: true }),
    /** PostgreSQL memory figures: auto (when reachable), or BENCH_POSTGRES=0 to skip. */
    postgresMemory: process.env.BENCH_POSTGRES !== '0',
    warmupSeconds: envNumber('BENCH_WARMUP', 1, { allowZero: true }),
    /** Lighthouse of /t-shirts and /new-arrivals too (about 25 s more). */
    lighthouseAll: process.env.BENCH_LIGHTHOUSE_ALL === '1',
    connections: Math.round(envNumber('BENCH_CONNECTIONS', 50)),
    lighthouseRuns:
      args.includes('--no-lighthouse') || process.env.BENCH_LIGHTHOUSE === '0'
        ? 0
        : Math.round(envNumber('BENCH_LIGHTHOUSE_RUNS', 1, { allowZero: true })),
    postgres: args.includes('--postgres') || process.env.BENCH_POSTGRES === '1',
    /** Only the scenarios (checkout, campus drop, ...): no page yardstick, pairs, load runs or Lighthouse. */
    scenariosOnly: args.includes('--scenarios-only'),
    adminDatabaseUrl: process.env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL,
    scenarioFilter: !scenariosEnv
      ? null
      : scenariosEnv === 'none'
        ? []
        : scenariosEnv
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    chromePath: process.env.CHROME_PATH?.trim() || '/usr/bin/chromium',
    totalTimeoutSeconds: process.env.BENCH_TIMEOUT ? envNumber('BENCH_TIMEOUT', 1) : null,
  };
}

const options = parseOptions();
const backends: Backend[] = options.postgres ? ['pglite', 'postgres'] : ['pglite'];
const scenarios: LoadedScenario[] = await loadScenarios(SCENARIOS_DIR, options.scenarioFilter);
if (options.lighthouseRuns > 0 && !existsSync(options.chromePath)) {
  console.error(`Chromium not found at ${options.chromePath} (set CHROME_PATH, or run with --no-lighthouse)`);
  process.exit(2);
}

// Out-of-process safety net: cleans up if this process dies without running its clean-up.
startReaper();

const cpus = os.cpus();
const results: BenchResults = {
  schema: 2,
  startedAt: new Date().toISOString(),
  finishedAt: null,
  durationMs: null,
  interrupted: null,
  environment: {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverageStart: Math.round(os.loadavg()[0]! * 100) / 100,
    loadAverageEnd: null,
  },
  options: {
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    connections: options.connections,
    lighthouseRuns: options.lighthouseRuns,
    postgres: options.postgres,
    scenarios: scenarios.map((s) => s.name),
  },
  build: null,
  backends: {},
  jsWeight: null,
  lighthouse: null,
  lighthouseOtherPages: [],
  yardstick: null,
  pairs: [],
  memory: [],
  failures: [],
};
const startedMs = Date.now();

// ---------------------------------------------------------------- time limit and interruption

/** Upper bound of the whole run from the per-step limits (each step is bounded on its own too). */
function defaultTotalTimeoutSeconds(): number {
  const perLoadRun = options.warmupSeconds + options.durationSeconds + 2 * 30;
  let total = (2 * BUILD_TIMEOUT_MS) / 1000 + 60;
  const perPair = 2 * options.pairWarmupSeconds + options.pairRounds * 2 * (options.pairSeconds + 30);
  total += PAIR_PATHS.length * PAIR_CACHES.length * 2 * perPair + (3 * (START_TIMEOUT_MS + STOP_GRACE_MS)) / 1000;
  total += PAIR_PATHS.length * (options.coldWarmupSeconds + 30);
  for (const backend of backends) {
    total += (START_TIMEOUT_MS + STOP_GRACE_MS) / 1000 + 30 + PAGES.length * 30 + HTTP_TARGETS.length * perLoadRun;
    total += scenarios
      .filter((s) => appliesTo(s, backend))
      .reduce((t, s) => t + (s.timeoutSeconds ?? DEFAULT_SCENARIO_TIMEOUT_S), 0);
  }
  // JS weight + Lighthouse: the shop's / and the yardstick's, and with BENCH_LIGHTHOUSE_ALL two more pages.
  const lighthousePages = 2 + (options.lighthouseAll ? 2 : 0);
  total += 60 + (lighthousePages * options.lighthouseRuns * LIGHTHOUSE_RUN_TIMEOUT_MS) / 1000;
  return Math.ceil(total);
}

const abort = new AbortController();
let finishing = false;

async function writeResults(): Promise<string> {
  results.finishedAt = new Date().toISOString();
  results.durationMs = Date.now() - startedMs;
  results.environment.loadAverageEnd = Math.round(os.loadavg()[0]! * 100) / 100;
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, 'latest.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

async function stopEarly(reason: string, exitCode: number): Promise<void> {
  if (finishing) {
    // tsx relays a Ctrl-C that the process group already delivered: one clean-up is enough.
    log(`${reason}: already finishing`);
    return;
  }
  finishing = true;
  log(`${reason}: stopping the server and Chromium, cleaning up`);
  results.interrupted = reason;
  abort.abort(new Error(reason));
  closeCleanup();
  await runCleanup();
  try {
    const file = await writeResults();
    console.log(formatSummary(results));
    log(`partial results written to ${path.relative(ROOT, file)}`);
  } catch (error) {
    log(`could not write results: ${errorMessage(error)}`);
  }
  process.exit(exitCode);
}

const totalTimeoutSeconds = options.totalTimeoutSeconds ?? defaultTotalTimeoutSeconds();
setTimeout(
  () => void stopEarly(`time limit of ${totalTimeoutSeconds} s reached (BENCH_TIMEOUT)`, 124),
  totalTimeoutSeconds * 1000,
).unref();
// `on`, not `once`: under tsx a second delivery with no listener left would exit at once.
process.on('SIGINT', () => void stopEarly('interrupted (SIGINT)', 130));
process.on('SIGTERM', () => void stopEarly('terminated (SIGTERM)', 143));

// ---------------------------------------------------------------- steps

async function step<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
  abort.signal.throwIfAborted();
  log(`${name}...`);
  try {
    return await fn();
  } catch (error) {
    if (abort.signal.aborted) throw error;
    results.failures.push({ step: name, error: errorMessage(error) });
    log(`${name} FAILED: ${errorMessage(error)}`);
    return null;
  }
}

async function checkPages(baseUrl: string): Promise<PageCheck[]> {
  const checks: { path: string; acceptEncoding: string | null }[] = [
    ...PAGES.map((p) => ({ path: p, acceptEncoding: null })),
    { path: '/', acceptEncoding: 'gzip' },
  ];
  const pages: PageCheck[] = [];
  for (const check of checks) {
    try {
      const response = await probe(baseUrl, check.path, {
        headers: check.acceptEncoding ? { 'accept-encoding': check.acceptEncoding } : {},
      });
      pages.push({
        ...check,
        status: response.status,
        contentType: response.contentType,
        contentEncoding: response.contentEncoding,
        wireBytes: response.wireBytes,
        ms: response.ms,
      });
    } catch (error) {
      pages.push({
        ...check,
        status: null,
        contentType: null,
        contentEncoding: null,
        wireBytes: null,
        ms: null,
        error: errorMessage(error),
      });
    }
  }
  for (const page of pages) {
    log(
      `  GET ${page.path}${page.acceptEncoding ? ` (accept-encoding: ${page.acceptEncoding})` : ''} -> ${page.status ?? page.error}`,
    );
  }
  return pages;
}

let yardstick: RunningServer | null = null;

/** `/` of a server: HTML bytes as sent without and with gzip asked. */
async function htmlWeight(baseUrl: string): Promise<HtmlWeight> {
  const plain = await probe(baseUrl, '/');
  const gzip = await probe(baseUrl, '/', { headers: { 'accept-encoding': 'gzip' } });
  return {
    status: plain.status,
    rawBytes: plain.body.length,
    wireBytesGzipAsked: gzip.wireBytes,
    encodingGzipAsked: gzip.contentEncoding ?? 'identity',
  };
}

/** The pairs of one cache mode against the running yardstick (peak memory of the shop sampled). */
async function runPairs(cache: CacheMode, shop: RunningServer, memory: MemoryRecord): Promise<void> {
  if (!yardstick) return;
  const yardstickUrl = yardstick.baseUrl;
  const { peakBytes } = await peakResidentDuring(shop.pid, async () => {
    for (const spec of pairSpecs(PAIR_PATHS, [cache])) {
      const label = `pair ${spec.path} ${cache}${spec.gzip ? ' gzip' : ''}`;
      const pair = await step(label, () =>
        runPair({
          shopBaseUrl: shop.baseUrl,
          yardstickBaseUrl: yardstickUrl,
          spec,
          rounds: options.pairRounds,
          connections: options.connections,
          durationSeconds: options.pairSeconds,
          warmupSeconds: options.pairWarmupSeconds,
          signal: abort.signal,
        }),
      );
      if (!pair) continue;
      results.pairs.push(pair);
      if (pair.error) results.failures.push({ step: label, error: pair.error });
      log(
        `  ${pair.rounds.map((r) => `${r.shopRps}/${r.yardstickRps}`).join(', ')} req/s -> ${pair.medianRatio?.toFixed(2) ?? '-'}x`,
      );
    }
  });
  memory.peakBytes = Math.max(memory.peakBytes ?? 0, peakBytes ?? 0) || null;
  memory.load += `${memory.load ? '; ' : ''}${cache} pairs`;
}

async function readIdle(pid: number, memory: MemoryRecord): Promise<void> {
  await sleep(IDLE_SETTLE_MS);
  memory.idleBytes = residentBytes(pid);
  log(`  resident memory at idle: ${mb(memory.idleBytes) ?? '-'} MB`);
}

/** The shop with PAGE_CACHE=off on the embedded database: cold pairs and their memory. */
async function runCold(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-bench-cold-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  const unregisterDataDir = onCleanup(`data dir ${dataDir}`, removeDataDir, { kind: 'dir', path: dataDir });
  let server: RunningServer | null = null;
  try {
    server = await step('start the server (pglite, PAGE_CACHE=off)', () =>
      startServer({
        root: ROOT,
        dataDir,
        databaseUrl: undefined,
        startTimeoutMs: START_TIMEOUT_MS,
        stopGraceMs: STOP_GRACE_MS,
        env: { PAGE_CACHE: 'off' },
      }),
    );
    if (!server) return;
    const memory: MemoryRecord = { backend: 'pglite', pageCache: 'off', idleBytes: null, peakBytes: null, load: '' };
    results.memory.push(memory);
    await readIdle(server.pid, memory);
    if (options.coldWarmupSeconds > 0) {
      const defaults = {
        baseUrl: server.baseUrl,
        connections: options.connections,
        durationSeconds: options.coldWarmupSeconds,
        warmupSeconds: 0,
      };
      for (const pagePath of PAIR_PATHS) {
        await step(`warm the cold shop on ${pagePath} (${options.coldWarmupSeconds} s, unmeasured)`, () =>
          runHttpBench(defaults, { path: pagePath }, abort.signal),
        );
      }
    }
    await runPairs('cold', server, memory);
  } finally {
    if (server) await server.stop();
    await removeDataDir();
    unregisterDataDir();
  }
}

async function runBackend(backend: Backend, memoryOnly = false): Promise<void> {
  const record: BackendResults = { backend, serverStartMs: null, serverStop: null, pages: [], http: [], scenarios: [] };
  if (!memoryOnly) results.backends[backend] = record;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), `wyf-bench-${backend}-`));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  const unregisterDataDir = onCleanup(`data dir ${dataDir}`, removeDataDir, { kind: 'dir', path: dataDir });

  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (backend === 'postgres') {
    const database = await step(`create PostgreSQL database on ${redactUrl(options.adminDatabaseUrl)}`, () =>
      createBenchDatabase(options.adminDatabaseUrl),
    );
    if (!database) return;
    databaseUrl = database.url;
    dropDatabase = database.drop;
    record.database = database.name;
  }

  let server: RunningServer | null = null;
  try {
    server = await step(`start the server (${backend})`, () =>
      startServer({ root: ROOT, dataDir, databaseUrl, startTimeoutMs: START_TIMEOUT_MS, stopGraceMs: STOP_GRACE_MS }),
    );
    if (!server) return;
    record.serverStartMs = server.startMs;
    log(`server pid ${server.pid} ready at ${server.baseUrl} in ${server.startMs} ms (DATA_DIR ${dataDir})`);
    const baseUrl = server.baseUrl;
    const memory: MemoryRecord = { backend, pageCache: 'on', idleBytes: null, peakBytes: null, load: '' };
    results.memory.push(memory);
    await readIdle(server.pid, memory);

    const defaults: HttpDefaults = {
      baseUrl,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
    };
    if (memoryOnly) {
      // Only the memory figures: idle above, then the peak under load on a page that renders.
      const { peakBytes } = await peakResidentDuring(server.pid, async () => {
        for (const target of [{ path: '/' }, { path: '/products/simple-cross-tee' }, { path: '/t-shirts' }]) {
          await step(`load ${target.path} for memory (${backend})`, () =>
            runHttpBench(defaults, { ...target, warmupSeconds: 0 }, abort.signal),
          );
        }
      });
      memory.peakBytes = peakBytes;
      memory.load = `/, product page, /t-shirts (${options.durationSeconds} s each)`;
      return;
    }

    // --scenarios-only: straight to the scenarios.
    if (!options.scenariosOnly) {
      record.pages = (await step(`check pages (${backend})`, () => checkPages(baseUrl))) ?? [];

      if (backend === 'pglite') {
        results.jsWeight = await step('measure JavaScript weight of /', () => measureJsWeight(baseUrl, '/'));
        if (yardstick && results.yardstick) {
          const ys = yardstick.baseUrl;
          results.yardstick.jsWeight = await step('measure JavaScript weight of the yardstick', () =>
            measureJsWeight(ys, '/'),
          );
          results.yardstick.html = await step('HTML weight of the yardstick', () => htmlWeight(ys));
          results.yardstick.shopHtml = await step('HTML weight of the shop', () => htmlWeight(baseUrl));
        }
      }

      const { peakBytes } = await peakResidentDuring(server.pid, async () => {
        for (const target of HTTP_TARGETS) {
          const result = await step(`autocannon ${target.label} (${backend})`, () =>
            runHttpBench(defaults, target, abort.signal),
          );
          if (result) {
            record.http.push(result);
            log(
              `  ${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
            );
          }
        }
      });
      memory.peakBytes = peakBytes;
      memory.load = 'built-in load runs';
      if (backend === 'pglite') await runPairs('warm', server, memory);

      if (backend === 'pglite' && options.lighthouseRuns > 0) {
        // The reports are written as each run ends, before latest.json (which makes the folder too).
        await mkdir(RESULTS_DIR, { recursive: true });
        results.lighthouse = await step('Lighthouse mobile performance of /', () =>
          runLighthouse({
            url: `${baseUrl}/`,
            runs: options.lighthouseRuns,
            chromePath: options.chromePath,
            timeoutMsPerRun: LIGHTHOUSE_RUN_TIMEOUT_MS,
            reportPath: path.join(RESULTS_DIR, 'lighthouse-home.json'),
            signal: abort.signal,
          }),
        );
        if (results.lighthouse && results.lighthouse.successfulRuns === 0) {
          results.failures.push({
            step: 'Lighthouse mobile performance of /',
            error: results.lighthouse.runs[0]?.error ?? 'no successful run',
          });
        }
        // The same on the yardstick: what this machine allows a bare React Router page today.
        if (yardstick && results.yardstick) {
          const floorUrl = `${yardstick.baseUrl}/`;
          results.yardstick.lighthouse = await step("Lighthouse mobile performance of the yardstick's /", () =>
            runLighthouse({
              url: floorUrl,
              runs: options.lighthouseRuns,
              chromePath: options.chromePath,
              timeoutMsPerRun: LIGHTHOUSE_RUN_TIMEOUT_MS,
              reportPath: path.join(RESULTS_DIR, 'lighthouse-yardstick.json'),
              signal: abort.signal,
            }),
          );
        }
        // The storefront issue's other two pages with a performance goal (>= 95).
        for (const extraPath of options.lighthouseAll ? ['/t-shirts', '/new-arrivals'] : []) {
          const summary = await step(`Lighthouse mobile performance of ${extraPath}`, () =>
            runLighthouse({
              url: `${baseUrl}${extraPath}`,
              runs: options.lighthouseRuns,
              chromePath: options.chromePath,
              timeoutMsPerRun: LIGHTHOUSE_RUN_TIMEOUT_MS,
              reportPath: path.join(RESULTS_DIR, `lighthouse${extraPath.replace(/\//g, '-')}.json`),
              signal: abort.signal,
            }),
          );
          if (summary) {
            results.lighthouseOtherPages.push(summary);
            const m = summary.median;
            log(
              `  Lighthouse ${extraPath}: median score ${m.score}, LCP ${m.lcpMs} ms, CLS ${m.cls}, TBT ${m.tbtMs} ms`,
            );
          }
        }
      }
    }

    for (const scenario of scenarios.filter((s) => appliesTo(s, backend))) {
      abort.signal.throwIfAborted();
      log(`scenario ${scenario.name} (${backend})...`);
      const makeContext = (signal: AbortSignal, name: string): ScenarioContext => ({
        baseUrl,
        dataDir,
        databaseUrl,
        backend,
        durationSeconds: options.durationSeconds,
        connections: options.connections,
        warmupSeconds: options.warmupSeconds,
        signal,
        log: (...parts: unknown[]) => log(`[${name}]`, ...parts),
        autocannon: (opts) => runHttpBench(defaults, opts, signal),
        probe: (p, init) => probe(baseUrl, p, init),
      });
      const outcome = await runScenario(scenario, makeContext, abort.signal);
      record.scenarios.push(outcome);
      if (!outcome.ok) {
        results.failures.push({ step: `scenario ${scenario.name} (${backend})`, error: outcome.error ?? 'failed' });
        log(`scenario ${scenario.name} FAILED: ${outcome.error}`);
      }
    }
  } finally {
    if (server) {
      const stopped = await server.stop();
      record.serverStop = stopped;
      if (memoryOnly && stopped.code !== 0) log(`server exit ${stopped.code ?? stopped.signal}`);
      log(`server stopped (exit ${stopped.code ?? stopped.signal}) in ${stopped.ms} ms`);
      if (stopped.code !== 0 && !memoryOnly) {
        results.failures.push({
          step: `stop the server (${backend})`,
          error: `exit ${stopped.code ?? stopped.signal}\n${server.output().slice(-2000)}`,
        });
      }
    }
    if (dropDatabase) {
      await step('drop the PostgreSQL database', dropDatabase);
    }
    await removeDataDir();
    unregisterDataDir();
  }
}

// ---------------------------------------------------------------- main

log(
  `node ${process.version}, ${results.environment.cpus} CPU; ${options.connections} connections, ${options.durationSeconds} s per run` +
    ` after ${options.warmupSeconds} s warm-up; backends ${backends.join(', ')}; scenarios: ${scenarios.map((s) => s.name).join(', ') || 'none'};` +
    ` time limit ${totalTimeoutSeconds} s`,
);
let exitCode = 0;
try {
  results.build = await step('react-router build', () => buildShop(ROOT, BUILD_TIMEOUT_MS));
  const yardstickDir = path.join(BENCH_DIR, 'yardstick');
  const yardstickBuild = options.scenariosOnly
    ? null
    : await step('react-router build (yardstick)', () => buildShop(ROOT, BUILD_TIMEOUT_MS, yardstickDir));
  if (yardstickBuild) {
    yardstick = await step('start the yardstick', () =>
      startServer({
        root: ROOT,
        dataDir: os.tmpdir(),
        databaseUrl: undefined,
        startTimeoutMs: START_TIMEOUT_MS,
        stopGraceMs: STOP_GRACE_MS,
        script: 'bench/yardstick/server.mjs',
      }),
    );
    if (yardstick) {
      results.yardstick = {
        buildMs: yardstickBuild.ms,
        idleBytes: null,
        jsWeight: null,
        html: null,
        shopHtml: null,
      };
      await sleep(IDLE_SETTLE_MS);
      results.yardstick.idleBytes = residentBytes(yardstick.pid);
      log(`yardstick pid ${yardstick.pid} ready at ${yardstick.baseUrl} (${mb(results.yardstick.idleBytes)} MB idle)`);
    }
  }
  if (results.build) {
    for (const backend of backends) await runBackend(backend);
    if (!options.scenariosOnly) await runCold();
    if (!options.postgres && options.postgresMemory && !options.scenariosOnly) {
      if (await postgresReachable(options.adminDatabaseUrl)) {
        await runBackend('postgres', true);
      } else {
        log(`PostgreSQL at ${redactUrl(options.adminDatabaseUrl)} not reachable: no PostgreSQL memory figures`);
      }
    }
  }
  if (yardstick) await yardstick.stop();
} catch (error) {
  // After an interruption stopEarly() reports and exits; anything else is a harness bug.
  if (!abort.signal.aborted) {
    results.failures.push({ step: 'harness', error: errorMessage(error) });
    log(`harness error: ${error instanceof Error && error.stack ? error.stack : errorMessage(error)}`);
  }
} finally {
  await runCleanup();
}
if (!finishing) {
  finishing = true;
  const file = await writeResults();
  console.log(formatSummary(results));
  log(`results written to ${path.relative(ROOT, file)}`);
  exitCode = results.failures.length > 0 ? 1 : 0;
  process.exit(exitCode);
}
