import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// No Tailwind, no aliases, no chunk rules: the framework floor.
export default defineConfig({
  plugins: [reactRouter()],
});
