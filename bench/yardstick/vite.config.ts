import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Tailwind like any React Router starter; no aliases, no chunk rules: the framework floor.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
});
