/**
 * Example scenario: HTTP load on the '/t-shirts' collection page with the harness defaults.
 * A scenario is any file here exporting { name, run(ctx) } (see tools/measure/types.ts); its `http`
 * rows join the summary's load table, `metrics` are printed, everything goes to latest.json.
 */
import { defineScenario } from '../../tools/measure/types';

export default defineScenario({
  name: 't-shirts',
  description: "Load on the '/t-shirts' collection page",
  async run(ctx) {
    const page = await ctx.probe('/t-shirts');
    ctx.log(`GET /t-shirts -> ${page.status}`);
    const load = await ctx.autocannon({ path: '/t-shirts' });
    return {
      http: [load],
      metrics: { 'GET /t-shirts status': page.status, 'HTML bytes': page.body.length },
    };
  },
});
