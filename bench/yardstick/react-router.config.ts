import type { Config } from '@react-router/dev/config';

// The bench's yardstick: a bare React Router 7 SSR app (bench/yardstick/README in bench/README.md).
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
