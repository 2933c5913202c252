/** Resident memory (Linux /proc) of a process and its descendants, idle and sampled under load. */
import { readFileSync } from 'node:fs';

function children(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return tasks ? tasks.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** VmRSS of the process tree in bytes; null when /proc is unavailable or the process is gone. */
export function residentBytes(pid: number): number | null {
  let total = 0;
  let found = false;
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift()!;
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
      if (match) {
        total += Number(match[1]) * 1024;
        found = true;
      }
    } catch {
      continue;
    }
    queue.push(...children(p));
  }
  return found ? total : null;
}

/** Samples the tree's resident memory every `everyMs` while `work` runs; returns the peak. */
export async function peakResidentDuring<T>(
  pid: number,
  work: () => Promise<T>,
  everyMs = 100,
): Promise<{ result: T; peakBytes: number | null }> {
  let peak: number | null = null;
  const sample = () => {
    const value = residentBytes(pid);
    if (value != null) peak = Math.max(peak ?? 0, value);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return { result, peakBytes: peak };
  } finally {
    clearInterval(timer);
  }
}

export const mb = (bytes: number | null | undefined) => (bytes == null ? null : Math.round(bytes / 2 ** 20));
