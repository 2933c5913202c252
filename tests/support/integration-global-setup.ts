import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Integration tests drive the real production build: build it when it is missing. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (existsSync(path.join(root, 'build/server/index.js')) && process.env.WYF_SKIP_BUILD !== '0') return;
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('react-router build failed');
}
