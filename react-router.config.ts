import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  future: {
    // Loaders and actions get the request as it came (two fewer Request copies per loader on
    // every page; issue 15). They read only query parameters, which a data request
    // (`/page.data?...&_routes=...`) carries as the page does.
    v8_passThroughRequests: true,
  },
} satisfies Config;
