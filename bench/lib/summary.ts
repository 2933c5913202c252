/** Shape of bench/results/latest.json and the plain-text summary printed to stdout. */
import { kB, type JsWeight } from '../../tools/measure/js-weight';
import type { LighthouseSummary } from './lighthouse';
import { mb } from './memory';
import { formatPairs, type PairResult } from './pairs';
import { scenarioHttpRows, type ScenarioRecord } from './scenarios';
import type { Backend, HttpBenchResult } from '../../tools/measure/types';
import { table } from '../../tools/measure/util';

export interface PageCheck {
  path: string;
  acceptEncoding: string | null;
  status: number | null;
  contentType: string | null;
  contentEncoding: string | null;
  wireBytes: number | null;
  ms: number | null;
  error?: string;
}

/** `/` as sent: decoded HTML bytes without gzip, and bytes on the wire with gzip asked. */
export interface HtmlWeight {
  status: number;
  rawBytes: number;
  wireBytesGzipAsked: number;
  encodingGzipAsked: string;
}

/** Resident memory of one shop process (Linux VmRSS of the process tree). */
export interface MemoryRecord {
  backend: Backend;
  pageCache: 'on' | 'off';
  /** A few seconds after start, before any request. */
  idleBytes: number | null;
  /** Highest sample (every 100 ms) during the load runs named in `load` (50 connections). */
  peakBytes: number | null;
  load: string;
}

export interface BackendResults {
  backend: Backend;
  /** PostgreSQL only: database created for the run (password hidden). */
  database?: string;
  serverStartMs: number | null;
  serverStop: { code: number | null; signal: string | null; ms: number } | null;
  pages: PageCheck[];
  http: HttpBenchResult[];
  scenarios: ScenarioRecord[];
}

export interface BenchResults {
  schema: 2;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  interrupted: string | null;
  environment: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    /** 1-minute load average when the run started and ended: above the CPU count, other work competed. */
    loadAverageStart: number;
    loadAverageEnd: number | null;
  };
  options: {
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
    lighthouseRuns: number;
    postgres: boolean;
    scenarios: string[];
  };
  build: { ms: number } | null;
  backends: Partial<Record<Backend, BackendResults>>;
  jsWeight: JsWeight | null;
  lighthouse: LighthouseSummary | null;
  /** Lighthouse of /t-shirts and /new-arrivals (same settings as '/'). */
  lighthouseOtherPages: LighthouseSummary[];
  /** The bench's own bare React Router app (bench/yardstick/), null when it did not start. */
  yardstick: {
    buildMs: number;
    idleBytes: number | null;
    jsWeight: JsWeight | null;
    html: HtmlWeight | null;
    shopHtml: HtmlWeight | null;
    /** Lighthouse of the yardstick's `/`, same settings as the shop's: the machine's floor. */
    lighthouse?: LighthouseSummary | null;
  } | null;
  /** Shop against yardstick, pair by pair (lib/pairs.ts). */
  pairs: PairResult[];
  memory: MemoryRecord[];
  failures: { step: string; error: string }[];
}

function times(a: number | null | undefined, b: number | null | undefined): string {
  return a == null || b == null || b === 0 ? '-' : `${(a / b).toFixed(2)}x`;
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const cls = (value: number | null) => (value == null ? null : value.toFixed(3));

const ms = (value: number | null | undefined) =>
  value == null ? '-' : `${Math.round(value).toLocaleString('en-US')} ms`;

export function formatSummary(results: BenchResults): string {
  const out: string[] = [];
  const o = results.options;
  const env = results.environment;
  out.push('');
  out.push('=== Wear Your Faith benchmark ===');
  out.push(
    `${results.startedAt}  node ${env.node}  ${env.cpus} CPU (${env.cpuModel})  ${env.memoryGb} GB RAM` +
      (results.build ? `  build ${(results.build.ms / 1000).toFixed(1)} s` : ''),
  );
  const load = Math.max(env.loadAverageStart, env.loadAverageEnd ?? 0);
  out.push(
    `load average ${env.loadAverageStart.toFixed(1)} at start, ${env.loadAverageEnd?.toFixed(1) ?? '-'} at end` +
      (load > env.cpus ? ` — ABOVE the CPU count: other processes competed, compare figures with care` : ''),
  );
  if (results.interrupted) out.push(`INTERRUPTED: ${results.interrupted} (partial results)`);

  for (const backend of Object.values(results.backends)) {
    if (!backend) continue;
    out.push('');
    out.push(
      `--- Pages (${backend.backend}${backend.database ? `, ${backend.database}` : ''}): one GET each` +
        (backend.serverStartMs != null ? `; server ready in ${ms(backend.serverStartMs)}` : '') +
        (backend.serverStop
          ? `; stopped with exit ${backend.serverStop.code ?? backend.serverStop.signal} in ${ms(backend.serverStop.ms)}`
          : ''),
    );
    out.push(
      table(
        ['path', 'accept-encoding', 'status', 'content-type', 'encoding', 'wire bytes', 'time'],
        backend.pages.map((p) => [
          p.path,
          p.acceptEncoding ?? '(none)',
          p.error ? `error: ${p.error}` : p.status,
          p.contentType?.split(';')[0] ?? null,
          p.contentEncoding ?? 'identity',
          p.wireBytes,
          ms(p.ms),
        ]),
        ['left', 'left', 'right', 'left', 'left', 'right', 'right'],
      ),
    );
  }

  const httpRows: (string | number)[][] = [];
  for (const backend of Object.values(results.backends)) {
    if (!backend) continue;
    const rows = [
      ...backend.http.map((r) => ({ r, source: 'built-in' })),
      ...backend.scenarios.flatMap((s) => scenarioHttpRows(s).map((r) => ({ r, source: s.name }))),
    ];
    for (const { r, source } of rows) {
      httpRows.push([
        backend.backend,
        r.label,
        source,
        r.requestsPerSecond,
        r.latencyP50Ms,
        r.latencyP99Ms,
        r.non2xx,
        r.errors,
        Object.entries(r.statusCodes ?? {})
          .map(([code, count]) => `${code}x${count}`)
          .join(' '),
        r.bytesPerResponse,
      ]);
    }
  }
  out.push('');
  out.push(
    `--- HTTP load (autocannon: ${o.connections} connections, ${o.durationSeconds} s measured after ${o.warmupSeconds} s warm-up; scenario rows may differ)`,
  );
  out.push(
    httpRows.length > 0
      ? table(
          [
            'backend',
            'target',
            'source',
            'req/s',
            'p50 ms',
            'p99 ms',
            'non-2xx',
            'errors',
            'status codes',
            'bytes/resp',
          ],
          httpRows,
        )
      : '(no HTTP results)',
  );

  out.push('');
  out.push(
    `--- Shop against yardstick (bench/yardstick: React Router 7 SSR, a hero and six cards, Hono, production), ` +
      `${o.connections} connections, alternating runs shop/yardstick; ratio = shop req/s ÷ yardstick req/s of its \`/\`; ` +
      `warm = page cache on (default), cold = PAGE_CACHE=off`,
  );
  out.push(
    results.pairs.length > 0 ? formatPairs(results.pairs) : '(no pairs: the yardstick or the shop did not start)',
  );

  const ys = results.yardstick;
  out.push('');
  out.push('--- Weight of / (shop vs yardstick; JavaScript gzip -9 per file, 1 kB = 1000 bytes)');
  out.push(
    table(
      ['', 'shop', 'yardstick', 'shop ÷ yardstick'],
      [
        [
          'HTML (bytes, no gzip)',
          ys?.shopHtml?.rawBytes,
          ys?.html?.rawBytes,
          times(ys?.shopHtml?.rawBytes, ys?.html?.rawBytes),
        ],
        [
          'HTML (bytes on the wire, gzip asked)',
          ys?.shopHtml?.wireBytesGzipAsked,
          ys?.html?.wireBytesGzipAsked,
          times(ys?.shopHtml?.wireBytesGzipAsked, ys?.html?.wireBytesGzipAsked),
        ],
        [
          'JavaScript (kB gzip)',
          results.jsWeight ? kB(results.jsWeight.totalGzipBytes) : null,
          ys?.jsWeight ? kB(ys.jsWeight.totalGzipBytes) : null,
          times(results.jsWeight?.totalGzipBytes, ys?.jsWeight?.totalGzipBytes),
        ],
        [
          'JavaScript over the yardstick (kB gzip)',
          results.jsWeight && ys?.jsWeight ? kB(results.jsWeight.totalGzipBytes - ys.jsWeight.totalGzipBytes) : null,
          '',
          '',
        ],
      ],
      ['left', 'right', 'right', 'right'],
    ),
  );

  out.push('');
  out.push('--- Resident memory (VmRSS, MB; under load = peak of 100 ms samples, 50 connections)');
  out.push(
    table(
      ['server', 'database', 'page cache', 'idle MB', 'under load MB', 'load'],
      [
        ...results.memory.map((m) => ['shop', m.backend, m.pageCache, mb(m.idleBytes), mb(m.peakBytes), m.load]),
        ...(ys ? [['yardstick', '-', '-', mb(ys.idleBytes), null, '']] : []),
      ],
      ['left', 'left', 'left', 'right', 'right', 'left'],
    ),
  );
  if (!results.memory.some((m) => m.backend === 'postgres'))
    out.push('(PostgreSQL: not reachable or skipped, not measured)');

  out.push('');
  const lh = results.lighthouse;
  if (lh && lh.successfulRuns > 0) {
    const m = lh.median;
    out.push(
      `--- Lighthouse 12, mobile preset, performance (${lh.url}): median of ${lh.successfulRuns}/${lh.runs.length} runs`,
    );
    out.push(
      table(
        ['run', 'score', 'LCP', 'CLS', 'TBT', 'FCP', 'Speed Index', 'CPU before JS', 'note'],
        [
          ...lh.runs.map((r, i) => [
            String(i + 1),
            r.score,
            ms(r.lcpMs),
            cls(r.cls),
            ms(r.tbtMs),
            ms(r.fcpMs),
            ms(r.speedIndexMs),
            ms(r.cpuBeforeScriptsMs),
            [
              r.error ? shorten(r.error, 80) : null,
              r.retriedAfter ? `second attempt (the first: ${r.retriedAfter.split(':')[0]})` : null,
              r.externalRequests.length ? `${r.externalRequests.length} external request(s) blocked` : null,
            ]
              .filter(Boolean)
              .join('; '),
          ]),
          [
            'median',
            m.score,
            ms(m.lcpMs),
            cls(m.cls),
            ms(m.tbtMs),
            ms(m.fcpMs),
            ms(m.speedIndexMs),
            ms(m.cpuBeforeScriptsMs),
            '',
          ],
        ],
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
      ),
    );
    out.push(
      'CPU before JS: observed main-thread time before the first script request, which Lighthouse counts 4x in FCP and LCP (mostly the browser committing the page: it shows how busy the machine was)',
    );
    if (lh.reportFile) out.push(`full report of the median run: ${lh.reportFile}`);
  } else {
    out.push(
      `Lighthouse: not measured${o.lighthouseRuns === 0 ? ' (skipped)' : results.failures.some((f) => f.step.startsWith('Lighthouse')) ? ' (failed, see below)' : ''}`,
    );
  }
  const floor = results.yardstick?.lighthouse;
  if (floor && floor.successfulRuns > 0) {
    out.push(
      `--- Lighthouse of the yardstick's / (same settings; the floor on this machine): scores ${floor.runs
        .map((r) => r.score ?? '-')
        .join(' ')}, median ${floor.median.score}, FCP ${ms(floor.median.fcpMs)}, LCP ${ms(floor.median.lcpMs)}, ` +
        `TBT ${ms(floor.median.tbtMs)}, CPU before JS ${ms(floor.median.cpuBeforeScriptsMs)}`,
    );
  }
  for (const other of results.lighthouseOtherPages ?? []) {
    const m = other.median;
    out.push(
      `--- Lighthouse ${other.url}: median of ${other.successfulRuns}/${other.runs.length} runs: score ${m.score}, ` +
        `LCP ${ms(m.lcpMs)}, CLS ${cls(m.cls)}, TBT ${ms(m.tbtMs)}`,
    );
  }

  out.push('');
  const js = results.jsWeight;
  if (js) {
    out.push(
      `--- JavaScript loaded by ${js.page} (status ${js.pageStatus}; gzip -9 per file, 1 kB = 1000 bytes): ` +
        `total ${kB(js.totalGzipBytes)} kB gzip (${kB(js.totalRawBytes)} kB raw) = framework ${kB(js.frameworkGzipBytes)} kB + app ${kB(js.appGzipBytes)} kB`,
    );
    out.push(
      table(
        ['file', 'found via', 'status', 'raw kB', 'gzip kB', 'kind', 'recognised'],
        [
          ...js.files.map((f) => [
            f.path,
            f.via,
            f.status,
            kB(f.rawBytes),
            kB(f.gzipBytes),
            f.kind,
            f.libraries.join(', '),
          ]),
          ['total', '', '', kB(js.totalRawBytes), kB(js.totalGzipBytes), '', ''],
        ],
        ['left', 'left', 'right', 'right', 'right', 'left', 'left'],
      ),
    );
  } else {
    out.push('--- JavaScript weight: not measured');
  }

  const scenarioRecords = Object.values(results.backends).flatMap((b) => (b ? b.scenarios.map((s) => ({ b, s })) : []));
  if (scenarioRecords.length > 0) {
    out.push('');
    out.push('--- Scenarios (bench/scenarios/)');
    for (const { b, s } of scenarioRecords) {
      out.push(
        `${s.name} [${b.backend}] ${s.ok ? 'ok' : 'FAILED'} in ${(s.ms / 1000).toFixed(1)} s${s.error ? `: ${s.error}` : ''}`,
      );
      for (const [key, value] of Object.entries(s.output?.metrics ?? {})) out.push(`    ${key}: ${String(value)}`);
    }
  }

  out.push('');
  if (results.failures.length > 0) {
    out.push(`--- ${results.failures.length} step(s) failed`);
    for (const f of results.failures) out.push(`${f.step}: ${f.error.split('\n')[0]}`);
  } else {
    out.push('All steps succeeded.');
  }
  return out.join('\n');
}
