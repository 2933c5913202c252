import { describe, expect, it } from 'vitest';
import { isRecordingFailure, runWithRetry, type LighthouseRun } from './lighthouse';

const run = (error?: string): LighthouseRun => ({
  score: error ? null : 98,
  lcpMs: error ? null : 2100,
  cls: error ? null : 0,
  tbtMs: error ? null : 0,
  fcpMs: error ? null : 1750,
  speedIndexMs: error ? null : 1750,
  cpuBeforeScriptsMs: error ? null : 20,
  externalRequests: [],
  warnings: [],
  ...(error ? { error } : {}),
});

const NAVSTART =
  'NO_NAVSTART: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)';

describe('Lighthouse runs that failed to record', () => {
  it('knows the recording failures from the page failures', () => {
    expect(isRecordingFailure(NAVSTART)).toBe(true);
    expect(isRecordingFailure('NO_TRACING_STARTED: x')).toBe(true);
    expect(isRecordingFailure('NO_FCP: The page did not paint any content.')).toBe(false);
    expect(isRecordingFailure('Lighthouse run timed out')).toBe(false);
    expect(isRecordingFailure(undefined)).toBe(false);
  });

  it('runs again once after a recording failure and says so', async () => {
    const attempts = [run(NAVSTART), run()];
    let calls = 0;
    const result = await runWithRetry(async () => ({ run: attempts[calls++]! }));
    expect(calls).toBe(2);
    expect(result.run.score).toBe(98);
    expect(result.run.retriedAfter).toBe(NAVSTART);
  });

  it('keeps a page failure, and a second recording failure, as the result', async () => {
    let calls = 0;
    const pageFailure = await runWithRetry(async () => (calls++, { run: run('NO_FCP: no paint') }));
    expect(calls).toBe(1);
    expect(pageFailure.run.error).toBe('NO_FCP: no paint');

    calls = 0;
    const twice = await runWithRetry(async () => (calls++, { run: run(NAVSTART) }));
    expect(calls).toBe(2);
    expect(twice.run.error).toBe(NAVSTART);
    expect(twice.run.score).toBeNull();
  });

  it('does not retry a run that worked', async () => {
    let calls = 0;
    const result = await runWithRetry(async () => (calls++, { run: run() }));
    expect(calls).toBe(1);
    expect(result.run.retriedAfter).toBeUndefined();
  });
});
