/**
 * Lighthouse 12, mobile preset (the default config: Moto G Power emulation, simulated slow 4G and
 * 4x CPU throttling), performance category only. A fresh headless Chromium per run.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { errorMessage, isLoopbackHost, log, median, onCleanup, round, withTimeout } from '../../tools/measure/util';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Loopback only: no host name resolves. The EXCLUDE is needed: without it Chromium also maps
  // the 127.0.0.1 literal and Lighthouse fails with CHROME_INTERSTITIAL_ERROR.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /**
   * Main-thread time (observed, before the 4x slowdown) in the tasks that run before the page's
   * first script request, from Lighthouse's own model of the load: the browser committing the
   * navigation, creating the page's JavaScript context and scanning the HTML. The model waits for
   * those tasks (times 4) before it starts the scripts, so it moves FCP and LCP one for one; it
   * varies most with how busy the machine is (the yardstick's run shows the machine's floor).
   */
  cpuBeforeScriptsMs: number | null;
  /** Requests the page made to other hosts (blocked here; a real visitor would wait for them). */
  externalRequests: string[];
  warnings: string[];
  error?: string;
  /** The error of a first attempt that failed to record the load (see runWithRetry). */
  retriedAfter?: string;
}

export interface LighthouseSummary {
  url: string;
  chromePath: string;
  /** `chromium --version` */
  chromeVersion: string | null;
  runs: LighthouseRun[];
  /** Median of each figure over the successful runs (each figure on its own). */
  median: {
    score: number | null;
    lcpMs: number | null;
    cls: number | null;
    tbtMs: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
    cpuBeforeScriptsMs: number | null;
  };
  successfulRuns: number;
  /** Full report of the run whose score is the median (written next to latest.json). */
  reportFile: string | null;
}

const numeric = (lhr: Result, audit: string, digits = 0): number | null => {
  const value = lhr.audits[audit]?.numericValue;
  return typeof value === 'number' ? round(value, digits) : null;
};

/** The shape of Lantern's computed FCP this file reads (its own types are internal to Lighthouse). */
interface LanternNode {
  type: string;
  startTime: number;
  endTime: number;
  request?: { url: string; resourceType?: string };
}
interface LanternEstimate {
  nodeTimings: Map<LanternNode, { startTime: number; endTime: number }>;
}

/** See LighthouseRun.cpuBeforeScriptsMs; null when the model cannot say (no script in its FCP graph). */
async function cpuBeforeScripts(runner: RunnerResult): Promise<number | null> {
  const { artifacts, lhr } = runner;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const request = LanternFirstContentfulPaint.request as unknown as (
    input: typeof data,
    context: { computedCache: Map<string, unknown>; settings: typeof lhr.configSettings },
  ) => Promise<{ optimisticEstimate: LanternEstimate }>;
  const fcp = await request(data, { computedCache: new Map(), settings: lhr.configSettings });
  const nodes = [...fcp.optimisticEstimate.nodeTimings.entries()];
  const scriptStarts = nodes
    .filter(([node]) => node.type === 'network' && node.request?.resourceType === 'Script')
    .map(([, timing]) => timing.startTime);
  if (scriptStarts.length === 0) return null;
  const firstScript = Math.min(...scriptStarts);
  const microseconds = nodes
    .filter(([node, timing]) => node.type === 'cpu' && timing.endTime <= firstScript)
    .reduce((total, [node]) => total + (node.endTime - node.startTime), 0);
  return round(microseconds / 1000, 0);
}

function summarise(lhr: Result, cpuBeforeScriptsMs: number | null): LighthouseRun {
  const score = lhr.categories.performance?.score;
  const items = (lhr.audits['network-requests']?.details as { items?: { url?: unknown }[] } | undefined)?.items ?? [];
  const externalRequests = items
    .map((item) => (typeof item.url === 'string' ? item.url : ''))
    .filter((url) => {
      try {
        const parsed = new URL(url);
        return /^(https?|wss?):$/.test(parsed.protocol) && !isLoopbackHost(parsed.hostname);
      } catch {
        return false; // data:, blob: and the like are not network requests
      }
    });
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift', 3),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    cpuBeforeScriptsMs,
    externalRequests,
    warnings: lhr.runWarnings.map(String),
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

async function chromiumVersion(chromePath: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)(chromePath, ['--version'], { timeout: 10_000 });
    return stdout.trim() || null;
  } catch {
    return null; // only informative
  }
}

async function runOnce(
  url: string,
  chromePath: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ run: LighthouseRun; lhr?: Result }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-bench-chromium-'));
  const removeProfile = () => rm(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  const unregisterProfile = onCleanup(`chromium profile ${userDataDir}`, removeProfile, {
    kind: 'dir',
    path: userDataDir,
  });
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: 'silent',
      handleSIGINT: false,
    });
  } catch (error) {
    await removeProfile();
    unregisterProfile();
    throw error;
  }
  // chrome-launcher starts Chromium as the leader of its own process group and kills the group.
  const unregister = onCleanup(`chromium pid ${chrome.pid}`, () => chrome.kill(), {
    kind: 'process',
    pid: chrome.pid,
    group: true,
  });
  const onAbort = () => chrome.kill();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 45_000,
    };
    const result = await withTimeout(lighthouse(url, flags), timeoutMs, 'Lighthouse run', () => chrome.kill());
    if (!result) throw new Error('Lighthouse returned no result');
    const cpu = await cpuBeforeScripts(result).catch(() => null); // only informative
    return { run: summarise(result.lhr, cpu), lhr: result.lhr };
  } finally {
    signal.removeEventListener('abort', onAbort);
    chrome.kill();
    unregister();
    await removeProfile();
    unregisterProfile();
  }
}

/**
 * Lighthouse's own failures to record the page load ("Something went wrong with recording the trace
 * over your page load. Please run Lighthouse again."): they say nothing about the page, so the run
 * is made again, once. Any other error (NO_FCP, a timeout, a page error) is a result and stays.
 */
const RECORDING_FAILURES = ['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST'];

export function isRecordingFailure(error: string | undefined): boolean {
  return error !== undefined && RECORDING_FAILURES.some((code) => error.startsWith(`${code}:`));
}

/**
 * One measured run: a second attempt when the first one failed to record (see above). The retried
 * run carries the first attempt's error, so the summary still shows it happened.
 */
export async function runWithRetry<T extends { run: LighthouseRun }>(attempt: () => Promise<T>): Promise<T> {
  const first = await attempt();
  if (!isRecordingFailure(first.run.error)) return first;
  log(`  ${first.run.error?.split(':')[0]}: Lighthouse failed to record the load; running it again`);
  const second = await attempt();
  return { ...second, run: { ...second.run, retriedAfter: first.run.error } };
}

export async function runLighthouse(options: {
  url: string;
  runs: number;
  chromePath: string;
  timeoutMsPerRun: number;
  reportPath: string;
  signal: AbortSignal;
}): Promise<LighthouseSummary> {
  const runs: LighthouseRun[] = [];
  const reports: { score: number; lhr: Result }[] = [];
  const chromeVersion = await chromiumVersion(options.chromePath);
  for (let i = 1; i <= options.runs; i++) {
    options.signal.throwIfAborted();
    log(`Lighthouse run ${i}/${options.runs} on ${options.url}`);
    try {
      const { run, lhr } = await runWithRetry(() =>
        runOnce(options.url, options.chromePath, options.timeoutMsPerRun, options.signal),
      );
      runs.push(run);
      if (lhr && run.score !== null && !run.error) reports.push({ score: run.score, lhr });
      log(
        `  score ${run.score ?? '-'}, LCP ${run.lcpMs ?? '-'} ms, CLS ${run.cls ?? '-'}, TBT ${run.tbtMs ?? '-'} ms${run.error ? `, error ${run.error}` : ''}`,
      );
    } catch (error) {
      if (options.signal.aborted) throw error;
      log(`  failed: ${errorMessage(error)}`);
      runs.push({
        score: null,
        lcpMs: null,
        cls: null,
        tbtMs: null,
        fcpMs: null,
        speedIndexMs: null,
        cpuBeforeScriptsMs: null,
        externalRequests: [],
        warnings: [],
        error: errorMessage(error),
      });
    }
  }
  const ok = runs.filter((run) => !run.error && run.score !== null);
  const med = (pick: (run: LighthouseRun) => number | null) =>
    median(ok.map(pick).filter((v): v is number => v !== null));
  const medianScore = med((run) => run.score);
  let reportFile: string | null = null;
  if (reports.length > 0 && medianScore !== null) {
    const closest = reports.reduce((best, r) =>
      Math.abs(r.score - medianScore) < Math.abs(best.score - medianScore) ? r : best,
    );
    await writeFile(options.reportPath, JSON.stringify(closest.lhr));
    reportFile = options.reportPath;
  }
  return {
    url: options.url,
    chromePath: options.chromePath,
    chromeVersion,
    runs,
    median: {
      score: medianScore,
      lcpMs: med((run) => run.lcpMs),
      cls: med((run) => run.cls),
      tbtMs: med((run) => run.tbtMs),
      fcpMs: med((run) => run.fcpMs),
      speedIndexMs: med((run) => run.speedIndexMs),
      cpuBeforeScriptsMs: med((run) => run.cpuBeforeScriptsMs),
    },
    successfulRuns: ok.length,
    reportFile,
  };
}
