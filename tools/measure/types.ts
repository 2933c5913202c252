/**
 * Public types of the benchmark harness (bench/run.ts). Scenario files in bench/scenarios/
 * import from here; everything a scenario returns ends up in bench/results/latest.json.
 */

export type Backend = 'pglite' | 'postgres';

/** Options of one HTTP load run (ctx.autocannon). Everything but `path` has a default. */
export interface HttpBenchOptions {
  /** Path such as '/t-shirts' (resolved against baseUrl) or an absolute http://127.0.0.1 URL. */
  path: string;
  /** Name shown in the summary; defaults to the path. */
  label?: string;
  /** Concurrent connections; default 50 (BENCH_CONNECTIONS). */
  connections?: number;
  /** Measured seconds; default 10 (BENCH_DURATION). */
  durationSeconds?: number;
  /** Unmeasured seconds before the measured run; default 2 (BENCH_WARMUP), 0 for none. */
  warmupSeconds?: number;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Further autocannon options passed through unchanged (e.g. `requests`, `pipelining`). */
  extra?: Record<string, unknown>;
}

/** Summary of one autocannon run. Latencies in milliseconds. */
export interface HttpBenchResult {
  label: string;
  url: string;
  method: string;
  requestHeaders: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Mean of autocannon's per-second request counts. */
  requestsPerSecond: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  /** Responses whose status is not 2xx (includes 3xx and 4xx). */
  non2xx: number;
  /** Connection errors plus timeouts (no response at all). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Bytes read per response on average (headers + body, as sent on the wire). */
  bytesPerResponse: number;
}

/** One plain GET, as a browser-less client sees it on the wire. */
export interface ProbeResult {
  url: string;
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  /** Body bytes on the wire (compressed if the server compressed). */
  wireBytes: number;
  /** Body after decompression. */
  body: Buffer;
  ms: number;
}

export interface ScenarioContext {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** The server's DATA_DIR (fresh temporary directory for this run). */
  dataDir: string;
  /** PostgreSQL URL the server uses, or undefined when it runs on the embedded PGlite. */
  databaseUrl: string | undefined;
  backend: Backend;
  /** Defaults of this run (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP). */
  durationSeconds: number;
  connections: number;
  warmupSeconds: number;
  /** Aborted when the scenario exceeds its time limit or the harness is interrupted. */
  signal: AbortSignal;
  /** Progress line on stderr, prefixed with the scenario name. */
  log: (...parts: unknown[]) => void;
  /** HTTP load run with the harness defaults; the summary table shows what a scenario returns in `http`. */
  autocannon: (options: HttpBenchOptions) => Promise<HttpBenchResult>;
  /** One GET (or other method) without load, e.g. to check a status code. */
  probe: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<ProbeResult>;
}

/** What a scenario returns (all parts optional; must be JSON-serialisable). */
export interface ScenarioOutput {
  /** Rows added to the HTTP load table. */
  http?: HttpBenchResult[];
  /** Printed as `key: value` lines in the summary. */
  metrics?: Record<string, number | string | boolean | null>;
  /** Only written to the JSON file. */
  data?: unknown;
}

export interface Scenario {
  name: string;
  description?: string;
  /** Backends to run on; default all that the run uses (pglite, and postgres with --postgres). */
  backends?: Backend[];
  /** Time limit; default 300 s. */
  timeoutSeconds?: number;
  run: (ctx: ScenarioContext) => Promise<ScenarioOutput | void>;
}

/** Identity helper that gives a scenario file type checking: `export default defineScenario({...})`. */
export function defineScenario(scenario: Scenario): Scenario {
  return scenario;
}
