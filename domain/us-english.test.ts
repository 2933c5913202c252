/**
 * Guard (issue 32 item 10): every text people read is US English, as SPEC's texts are
 * ('Please select a color', favorites, centered, package). Fails when a string, template or
 * JSX text in the shop's code (pages, e-mails, messages, server refusals, logs, the demo
 * catalog's descriptions, scripts' output) spells a word the British way, or writes 'e-mail'
 * where SPEC writes 'email'. Comments and identifiers may keep their spelling.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableLiterals, sourceFiles } from '../tests/support/readable-literals';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['app', 'domain', 'server', 'scripts'];

/** British spellings and the US words for them; each matched as a whole word, any case. */
const BRITISH: Record<string, string> = {
  'colour(s|ed|ful|way|ways)?': 'color',
  'favourite(s|d)?': 'favorite',
  'favour(s|ed|able)?': 'favor',
  'centre(s|d)?': 'center',
  'cosy|cosier|cosiest': 'cozy',
  'parcels?': 'package',
  'catalogues?': 'catalog',
  'e-mail(s|ed|ing)?': 'email (as SPEC writes it)',
  'organis(e|ed|es|ing|ation|ations)': 'organiz-',
  '(realis|recognis|apologis|customis|personalis|prioritis|authoris|minimis|maximis|optimis|summaris|finalis|initialis|normalis)(e|ed|es|ing|ation)':
    '-ize',
  'analys(e|ed|es|ing)': 'analyze',
  'behaviours?': 'behavior',
  'honours?': 'honor',
  'neighbours?': 'neighbor',
  'labours?': 'labor',
  jewellery: 'jewelry',
  fulfilment: 'fulfillment',
  'travell(ed|er|ing)': 'travel-',
  'labell(ed|ing)': 'labeled',
  'modell(ed|ing)': 'modeled',
  licence: 'license',
  'cheques?': 'check',
  'programmes?': 'program',
  'metres?|litres?|theatres?': '-er',
  'defence|offence': '-se',
  'whilst|amongst|towards': 'while, among, toward',
  'learnt|spelt': 'learned, spelled',
  'enquir(y|ies)': 'inquiry',
  judgement: 'judgment',
  dialogue: 'dialog',
  'postcodes?': 'ZIP code',
};
const PATTERN = new RegExp(`(?<![\\w-])(?:${Object.keys(BRITISH).join('|')})(?![\\w-])`, 'i');

/** Files whose British words are there on purpose. */
const ALLOWED: Record<string, string> = {
  // What shoppers type: 'jewellery' must find jewelry.
  'domain/search-synonyms.ts': 'the synonym table lists the British forms shoppers type',
};

/** Each text of the file with a British spelling: the first such word, and the text. */
function britishWordsIn(fileName: string, source: string): string[] {
  const found: string[] = [];
  for (const text of readableLiterals(fileName, source)) {
    const word = PATTERN.exec(text)?.[0];
    if (word) found.push(`${word} in ${JSON.stringify(text.trim().slice(0, 80))}`);
  }
  return found;
}

describe('texts people read are US English', () => {
  it('finds British spellings in strings, templates and JSX text, not in comments, identifiers or paths', () => {
    const sample = `
      // The colour swatches (a comment may say colour).
      import { normaliseSearchQuery } from './normalise-query';
      const a = 'Choose a colour';
      const b = \`Handpicked favourites for \${name}\`;
      const c = <p>A cosy hoodie in a parcel, centred, sent by e-mail</p>;
      const ok = ['color', 'favorites', 'Heather Grey', 'wyf_catalogue', 'invalidateCatalogue', 'email', 'cancelled'];
    `;
    expect(britishWordsIn('sample.tsx', sample)).toEqual([
      'colour in "Choose a colour"',
      'favourites in "Handpicked favourites for"',
      'cosy in "A cosy hoodie in a parcel, centred, sent by e-mail"',
    ]);
  });

  it(`holds in ${SCANNED.join(', ')}`, () => {
    const offenders = SCANNED.flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir))
        .filter((file) => !(path.relative(ROOT, file) in ALLOWED))
        .flatMap((file) =>
          britishWordsIn(file, readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}: ${hit}`),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
