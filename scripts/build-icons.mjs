#!/usr/bin/env node
// Writes app/components/ui/icons.svg: one <symbol> per icon of ICONS (app/components/ui/icon-names.json),
// drawn from lucide's own icon data. Pages reference it with <use href> (app/components/ui/icons.tsx),
// so each icon costs a short tag in the HTML instead of its full path data (decision 019).
// Run after changing icon-names.json: `node scripts/build-icons.mjs` (a unit test checks it is current).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const names = JSON.parse(readFileSync(path.join(root, 'app/components/ui/icon-names.json'), 'utf8'));

const escape = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function renderSprite() {
  const symbols = [];
  for (const name of [...names].sort()) {
    const { __iconData } = await import(`lucide-react/dist/esm/icons/${name}.mjs`);
    const children = __iconData.node
      .map(([tag, attrs]) => {
        const list = Object.entries(attrs)
          .filter(([key]) => key !== 'key')
          .map(([key, value]) => `${key}="${escape(value)}"`)
          .join(' ');
        return `<${tag} ${list}/>`;
      })
      .join('');
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(root, 'app/components/ui/icons.svg'), await renderSprite());
}
