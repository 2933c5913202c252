import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { renderSprite } from '../../../scripts/build-icons.mjs';
import { Star } from './icons';

describe('icon sprite', () => {
  it('is current with icon-names.json (run node scripts/build-icons.mjs after changing it)', async () => {
    const onDisk = readFileSync(path.join(__dirname, 'icons.svg'), 'utf8');
    expect(onDisk).toBe(await renderSprite());
  });

  it('draws an icon as one <use> of its symbol, hidden from assistive technology', () => {
    const { container } = render(<Star className="size-4" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('class')).toContain('size-4');
    expect(svg.querySelector('use')!.getAttribute('href')).toMatch(/#star$/);
    expect(svg.querySelectorAll('path')).toHaveLength(0);
  });
});
