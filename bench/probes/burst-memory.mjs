// Issue 30 probe: 30,000 distinct URLs, 50 at a time, then the RSS of the shop process (pid) each minute.
// node bench/probes/burst-memory.mjs PORT PID [TOTAL=30000] [MINUTES=10]
import { readFileSync } from 'node:fs';
const [port, pid, total = '30000', minutes = '10'] = process.argv.slice(2);
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const kinds = [
  (n) => `/search?q=faith${n}`,
  (n) => `/products/no-such-shirt-${n}`,
  (n) => `/t-shirts?page=${(n % 50) + 1}&sort=new&v=${n}`,
  (n) => `/?utm_source=probe${n}`,
];
console.log(JSON.stringify({ at: 'idle', rssMb: rss() }));
let next = 0;
const statuses = {};
const started = Date.now();
async function worker() {
  while (next < Number(total)) {
    const n = next++;
    const url = `http://127.0.0.1:${port}${kinds[n % kinds.length](n)}`;
    try {
      const r = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
  }
}
await Promise.all(Array.from({ length: 50 }, worker));
console.log(
  JSON.stringify({ at: 'burst done', seconds: Math.round((Date.now() - started) / 1000), statuses, rssMb: rss() }),
);
for (let minute = 1; minute <= Number(minutes); minute++) {
  await new Promise((r) => setTimeout(r, 60_000));
  console.log(JSON.stringify({ at: `${minute} min after`, rssMb: rss() }));
}
