/**
 * Guard: every sentence about a rule is built from the rule's constant in domain/, never
 * restated. Fails when a string or JSX text outside domain/ and the tests spells out the
 * flat shipping charge (5.99), the free-shipping threshold ($50), the coupon code (JESUS) or
 * its 10%, the points rate (100 points) or a delivery day range (3-4 business days).
 * Comments may still quote the spec; only literals a person could read are checked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableLiterals, sourceFiles } from '../tests/support/readable-literals';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['app', 'server', 'scripts', 'bench'];

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: '5.99', pattern: /(?<![\d.])5\.99(?!\d)/ },
  { name: '$50', pattern: /\$\s?50(?![\d,])/ },
  { name: 'JESUS', pattern: /\bJESUS\b/ },
  { name: '10%', pattern: /(?<![\d.-])10\s?%/ },
  { name: '100 points', pattern: /\b100\s+(?:loyalty\s+)?points?\b/i },
  { name: 'a day range', pattern: /\b\d+\s*(?:-|–|to)\s*\d+\s+(?:business\s+|working\s+)?days?\b/i },
];

export function ruleLiteralsIn(fileName: string, source: string): string[] {
  const found: string[] = [];
  for (const text of readableLiterals(fileName, source)) {
    for (const rule of FORBIDDEN)
      if (rule.pattern.test(text)) found.push(`${rule.name} in ${JSON.stringify(text.trim().slice(0, 80))}`);
  }
  return found;
}

describe('rule texts come from rule constants', () => {
  it('finds each kind of restated rule, in strings, templates and JSX, but not in comments', () => {
    const sample = `
      // Shipping is $5.99 below $50 (SPEC §9): a comment may quote the spec.
      const a = 'flat $5.99';
      const b = \`orders over $50 ship free\`;
      const c = <p>Use code JESUS for 10% off</p>;
      const d = 'Earn 100 points per dollar';
      const e = \`arrives in \${x} days, typically 3-4 business days\`;
      const ok = ['$500', '25.99', 'Jesus', 'width: 110%', '1000 points', 'size 3-4'];
    `;
    expect(ruleLiteralsIn('sample.tsx', sample)).toEqual([
      '5.99 in "flat $5.99"',
      '$50 in "orders over $50 ship free"',
      'JESUS in "Use code JESUS for 10% off"',
      '10% in "Use code JESUS for 10% off"',
      '100 points in "Earn 100 points per dollar"',
      'a day range in "days, typically 3-4 business days"',
    ]);
  });

  it(`holds in ${SCANNED.join(', ')} (domain/ owns them; tests may quote them)`, () => {
    const offenders = SCANNED.flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
        ruleLiteralsIn(file, readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}: ${hit}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
