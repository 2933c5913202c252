import { describe, expect, it } from 'vitest';
import type { LighthouseRun, LighthouseSummary } from './lighthouse';
import { formatSummary, type BenchResults } from './summary';

const run = (score: number, cpuBeforeScriptsMs: number | null): LighthouseRun => ({
  score,
  lcpMs: 2000,
  cls: 0,
  tbtMs: 40,
  fcpMs: 1900,
  speedIndexMs: 2100,
  cpuBeforeScriptsMs,
  externalRequests: [],
  warnings: [],
});

const summary = (url: string, runs: LighthouseRun[], cpu: number | null): LighthouseSummary => ({
  url,
  chromePath: '/usr/bin/chromium',
  chromeVersion: null,
  runs,
  median: {
    score: runs[1]!.score,
    lcpMs: 2000,
    cls: 0,
    tbtMs: 40,
    fcpMs: 1900,
    speedIndexMs: 2100,
    cpuBeforeScriptsMs: cpu,
  },
  successfulRuns: runs.length,
  reportFile: null,
});

const results = (yardstickLighthouse: LighthouseSummary | null): BenchResults => ({
  schema: 2,
  startedAt: '2026-11-26T00:00:00.000Z',
  finishedAt: null,
  durationMs: null,
  interrupted: null,
  environment: {
    node: 'v20',
    platform: 'linux',
    arch: 'x64',
    cpus: 2,
    cpuModel: 'test',
    memoryGb: 1,
    loadAverageStart: 0.5,
    loadAverageEnd: 0.5,
  },
  options: { durationSeconds: 5, warmupSeconds: 1, connections: 50, lighthouseRuns: 3, postgres: false, scenarios: [] },
  build: null,
  backends: {},
  jsWeight: null,
  lighthouse: summary('http://127.0.0.1:1/', [run(96, 132), run(97, 110), run(98, 91)], 110),
  lighthouseOtherPages: [],
  yardstick: {
    buildMs: 1,
    idleBytes: null,
    jsWeight: null,
    html: null,
    shopHtml: null,
    lighthouse: yardstickLighthouse,
  },
  pairs: [],
  memory: [],
  failures: [],
});

describe('bench summary: Lighthouse', () => {
  it("prints each run's CPU before the scripts, and the yardstick's scores as the machine's floor", () => {
    const text = formatSummary(results(summary('http://127.0.0.1:2/', [run(97, 40), run(98, 37), run(97, null)], 37)));
    const lines = text.split('\n');
    const header = lines.find((line) => line.startsWith('run ') && line.includes('CPU before JS'));
    expect(header).toBeDefined();
    expect(lines.find((line) => line.startsWith('1 '))).toMatch(/132 ms/);
    expect(lines.find((line) => line.startsWith('median '))).toMatch(/110 ms/);
    expect(text).toContain(
      "--- Lighthouse of the yardstick's / (same settings; the floor on this machine): scores 97 98 97, median 98,",
    );
    expect(text).toMatch(/the floor on this machine.*CPU before JS 37 ms/);
  });

  it('says nothing of the yardstick when it was not measured', () => {
    expect(formatSummary(results(null))).not.toContain("yardstick's /");
  });

  it('marks a run that was made again after Lighthouse failed to record the first attempt', () => {
    const r = results(null);
    r.lighthouse!.runs[1] = { ...run(97, 110), retriedAfter: 'NO_NAVSTART: Something went wrong (NO_NAVSTART)' };
    const lines = formatSummary(r).split('\n');
    expect(lines.find((line) => line.startsWith('2 '))).toMatch(/second attempt \(the first: NO_NAVSTART\)$/);
    expect(lines.find((line) => line.startsWith('1 '))).not.toMatch(/attempt/);
  });
});
