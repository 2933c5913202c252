/** Finds and runs the scenario files of bench/scenarios/. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Backend, HttpBenchResult, Scenario, ScenarioContext, ScenarioOutput } from '../../tools/measure/types';
import { errorMessage, withTimeout } from '../../tools/measure/util';

export interface LoadedScenario extends Scenario {
  file: string;
}

export interface ScenarioRecord {
  name: string;
  file: string;
  description?: string;
  ok: boolean;
  ms: number;
  error?: string;
  output?: ScenarioOutput;
}

const SCENARIO_FILE = /^[^._].*\.(?:ts|mts|js|mjs)$/;

function isScenario(value: unknown): value is Scenario {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Scenario>;
  return typeof candidate.name === 'string' && candidate.name.trim() !== '' && typeof candidate.run === 'function';
}

/**
 * Every *.ts / *.js file of `dir` (not *.d.ts, not starting with "_" or ".") in name order.
 * A file exports its scenario as default export or as named exports `name` and `run`.
 */
export async function loadScenarios(dir: string, only: string[] | null): Promise<LoadedScenario[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  const files = entries.filter((f) => SCENARIO_FILE.test(f) && !f.endsWith('.d.ts')).sort();
  const scenarios: LoadedScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    const exported = isScenario(mod.default) ? mod.default : isScenario(mod) ? (mod as unknown as Scenario) : null;
    if (!exported)
      throw new Error(`bench/scenarios/${file} exports neither a default { name, run } nor named name/run`);
    if (scenarios.some((s) => s.name === exported.name)) throw new Error(`two scenarios are named "${exported.name}"`);
    scenarios.push({ ...exported, file });
  }
  if (only) {
    const unknown = only.filter((name) => !scenarios.some((s) => s.name === name));
    if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS names unknown scenario(s): ${unknown.join(', ')}`);
    return scenarios.filter((s) => only.includes(s.name));
  }
  return scenarios;
}

export const DEFAULT_SCENARIO_TIMEOUT_S = 300;

export function appliesTo(scenario: Scenario, backend: Backend): boolean {
  return !scenario.backends || scenario.backends.includes(backend);
}

function checkOutput(value: unknown): ScenarioOutput | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object')
    throw new Error('run() must resolve to an object { http?, metrics?, data? } or nothing');
  const output = value as ScenarioOutput;
  if (output.http !== undefined && !Array.isArray(output.http)) throw new Error('output.http must be an array');
  JSON.stringify(output); // must be serialisable
  return output;
}

export async function runScenario(
  scenario: LoadedScenario,
  makeContext: (signal: AbortSignal, name: string) => ScenarioContext,
  parentSignal: AbortSignal,
): Promise<ScenarioRecord> {
  const controller = new AbortController();
  const onParentAbort = () => controller.abort(parentSignal.reason);
  parentSignal.addEventListener('abort', onParentAbort, { once: true });
  const timeoutMs = (scenario.timeoutSeconds ?? DEFAULT_SCENARIO_TIMEOUT_S) * 1000;
  const started = Date.now();
  const base = {
    name: scenario.name,
    file: scenario.file,
    ...(scenario.description ? { description: scenario.description } : {}),
  };
  try {
    const output = checkOutput(
      await withTimeout(
        Promise.resolve().then(() => scenario.run(makeContext(controller.signal, scenario.name))),
        timeoutMs,
        `scenario "${scenario.name}"`,
        () => controller.abort(new Error('time limit')),
      ),
    );
    return { ...base, ok: true, ms: Date.now() - started, ...(output ? { output } : {}) };
  } catch (error) {
    controller.abort(error);
    return { ...base, ok: false, ms: Date.now() - started, error: errorMessage(error) };
  } finally {
    parentSignal.removeEventListener('abort', onParentAbort);
  }
}

/** HTTP rows a scenario returned, tolerant of partial objects. */
export function scenarioHttpRows(record: ScenarioRecord): HttpBenchResult[] {
  return (record.output?.http ?? []).filter((row): row is HttpBenchResult => typeof row === 'object' && row !== null);
}
