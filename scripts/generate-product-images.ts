/**
 * Generates every built-in image of the shop, drawn in code as SVG and rendered with sharp:
 *
 *  - public/images/products/<slug>-<colour-kebab>-<width>.webp  (one per demo product colour, 4:5)
 *  - public/images/hero-<width>.webp                           (home hero background, 16:9)
 *  - public/images/logo.svg, public/favicon.ico, public/apple-touch-icon.png
 *  - public/images/og-default.jpg                              (1200x630 social preview)
 *
 * What to draw comes from `DEMO_PRODUCTS` (server/db/demo-catalogue.ts), so the catalogue's image
 * URLs and the files on disk cannot drift apart. No network, no web fonts, no randomness (a seeded
 * PRNG is used for texture): the same input gives byte-identical output, and re-running the script
 * simply rewrites the same files (stale generated product images are removed).
 *
 * Run from the project root: `npx tsx scripts/generate-product-images.ts` (or `npm run images`).
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { COLOR_HEX } from '../domain/colors';
import { DEMO_IMAGE_WIDTHS, DEMO_PRODUCTS, type DemoProduct } from '../server/db/demo-catalogue';

/* ------------------------------------------------------------------ settings */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = path.join(ROOT, 'public');
const IMAGES_DIR = path.join(PUBLIC_DIR, 'images');
const PRODUCTS_DIR = path.join(IMAGES_DIR, 'products');

const HERO_WIDTHS = [768, 1280, 1920] as const;
const WEBP = { quality: 78, effort: 6, smartSubsample: true } as const;

/** Product canvas in SVG user units (4:5); rendered at each width. */
const VW = 800;
const VH = 1000;

/** Brand colours (logo, favicon, hero accents). */
const BRAND = { plum: '#5A3E66', plumDark: '#3F2B49', cream: '#F6E7C8' } as const;

/* Colour names and their hex values: domain/colors.ts (the storefront's swatches use the same). */

/* ------------------------------------------------------------------ helpers */

export const kebab = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const n = (v: number): string => String(Math.round(v * 10) / 10);
/** Opacity with two decimals. */
const op = (v: number): string => String(Math.round(v * 100) / 100);

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Linear mix of two colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const shade = (c: string, t: number) => mix(c, '#000000', t);
const tint = (c: string, t: number) => mix(c, '#FFFFFF', t);

function luminance(hex: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const isDark = (hex: string) => luminance(hex) < 0.18;

/** Print colour: dark (tinted with the garment) on light garments, warm off-white on dark ones. */
const inkFor = (garment: string) => (isDark(garment) ? '#F3EDE2' : mix(garment, '#1E1B24', 0.86));

/** Deterministic PRNG (mulberry32) seeded from a string. */
function prng(seedText: string): () => number {
  let a = 0;
  for (const ch of seedText) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function colorHex(name: string): string {
  const hex = COLOR_HEX[name];
  if (!hex) throw new Error(`No hex value for color "${name}": add it to COLOR_HEX`);
  return hex;
}

/* ------------------------------------------------------------------ shared SVG parts */

/** Studio backdrop: warm light sweep, a soft spotlight behind the product and a floor shadow. */
function backdrop(floorY: number, floorRx: number, floorOpacity = 0.22): { defs: string; body: string } {
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#F5F2ED"/>
      <stop offset="0.62" stop-color="#EEE9E2"/>
      <stop offset="1" stop-color="#E4DED5"/>
    </linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.42" r="0.55">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#3A3129" stop-opacity="${floorOpacity}"/>
      <stop offset="0.55" stop-color="#3A3129" stop-opacity="${n(floorOpacity * 0.45)}"/>
      <stop offset="1" stop-color="#3A3129" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="blur4" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>`;
  const body = `
  <rect width="${VW}" height="${VH}" fill="url(#bg)"/>
  <rect width="${VW}" height="${VH}" fill="url(#spot)"/>
  <ellipse cx="400" cy="${floorY}" rx="${floorRx}" ry="${n(floorRx * 0.13)}" fill="url(#floor)"/>`;
  return { defs, body };
}

/** Shading gradients for a fabric of colour `c` (light from the upper left). */
function fabricDefs(c: string): string {
  const dark = isDark(c);
  const hi = dark ? 0.1 : 0.28;
  const lo = dark ? 0.4 : 0.14;
  return `
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="${hi}"/>
      <stop offset="0.35" stop-color="#FFFFFF" stop-opacity="0"/>
      <stop offset="0.7" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="${lo}"/>
    </linearGradient>
    <linearGradient id="vert" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="${n(hi * 0.5)}"/>
      <stop offset="0.4" stop-color="#FFFFFF" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="${n(lo * 0.7)}"/>
    </linearGradient>`;
}

/** Soft fabric fold: a blurred stroke, darker or lighter than the fabric. */
function fold(d: string, c: string, width: number, light = false, opacity = 1): string {
  const dark = isDark(c);
  const col = light ? '#FFFFFF' : '#000000';
  const o = (light ? (dark ? 0.07 : 0.2) : dark ? 0.3 : 0.1) * opacity;
  return `<path d="${d}" fill="none" stroke="${col}" stroke-opacity="${op(o)}" stroke-width="${width}" stroke-linecap="round" filter="url(#blur4)"/>`;
}

/** A seam or stitch line. */
function seam(d: string, c: string, dashed = false, width = 2): string {
  const col = isDark(c) ? tint(c, 0.18) : shade(c, 0.2);
  return `<path d="${d}" fill="none" stroke="${col}" stroke-width="${width}" stroke-linecap="round"${dashed ? ' stroke-dasharray="7 6"' : ''} opacity="0.9"/>`;
}

function svgDoc(width: number, height: number, defs: string, body: string, viewBox = `0 0 ${VW} ${VH}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}

/* ------------------------------------------------------------------ print motifs (centred on 0,0) */

type Motif = (ink: string, garment: string, seed: string) => string;

/** A cross with softly rounded ends; `h` is its height. */
function crossShape(h: number, fill: string, bar = 0.2, armY = -0.22, armW = 0.62): string {
  const w = h * bar;
  const aw = h * armW;
  const ay = h * armY;
  const r = w * 0.18;
  return `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${fill}"/>
    <rect x="${n(-aw / 2)}" y="${n(ay - w / 2)}" width="${n(aw)}" height="${n(w)}" rx="${n(r)}" fill="${fill}"/>`;
}

/** Print texture: faint specks in the garment colour, so the ink reads as printed, not pasted. */
function printTexture(garment: string, seed: string, count: number, spread: number, size = 2.2): string {
  const rand = prng(seed);
  let dots = '';
  for (let i = 0; i < count; i++) {
    const x = (rand() - 0.5) * spread * 2;
    const y = (rand() - 0.5) * spread * 2;
    const r = size * (0.5 + rand());
    dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`;
  }
  return `<g fill="${garment}" opacity="0.55">${dots}</g>`;
}

const MOTIFS: Record<string, Motif> = {
  /** Small chest cross. */
  smallCross: (ink) => crossShape(62, ink),

  /** Bold centred cross framed by a thin ring and four dots. */
  classicCross: (ink) => `
    <circle r="86" fill="none" stroke="${ink}" stroke-width="5"/>
    <circle r="74" fill="none" stroke="${ink}" stroke-width="1.6" opacity="0.8"/>
    ${crossShape(118, ink, 0.19)}
    ${[0, 90, 180, 270].map((a) => `<circle cx="${n(99 * Math.cos((a * Math.PI) / 180 + Math.PI / 4))}" cy="${n(99 * Math.sin((a * Math.PI) / 180 + Math.PI / 4))}" r="4" fill="${ink}"/>`).join('')}`,

  /** Radiant cross over three "verse" lines and a tiny reference. */
  verseCross: (ink) => {
    let rays = '';
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const r1 = i % 2 ? 58 : 54;
      const r2 = i % 2 ? 72 : 84;
      rays += `<line x1="${n(r1 * Math.cos(a))}" y1="${n(r1 * Math.sin(a) - 40)}" x2="${n(r2 * Math.cos(a))}" y2="${n(r2 * Math.sin(a) - 40)}"/>`;
    }
    return `
    <g stroke="${ink}" stroke-width="4" stroke-linecap="round">${rays}</g>
    <g transform="translate(0 -40)">${crossShape(84, ink, 0.2)}</g>
    <rect x="-92" y="66" width="184" height="9" rx="4.5" fill="${ink}"/>
    <rect x="-74" y="84" width="148" height="9" rx="4.5" fill="${ink}"/>
    <rect x="-50" y="102" width="100" height="9" rx="4.5" fill="${ink}" opacity="0.85"/>
    <text x="0" y="142" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="19" letter-spacing="3" fill="${ink}">PHIL 4:13</text>`;
  },

  /** Sun-faded circular badge with a cross and rays: vintage, distressed print. */
  vintageBadge: (ink, garment, seed) => {
    let rays = '';
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      rays += `<line x1="${n(44 * Math.cos(a))}" y1="${n(44 * Math.sin(a))}" x2="${n(60 * Math.cos(a))}" y2="${n(60 * Math.sin(a))}"/>`;
    }
    return `<g opacity="0.86">
      <circle r="104" fill="none" stroke="${ink}" stroke-width="7"/>
      <circle r="90" fill="none" stroke="${ink}" stroke-width="2.5"/>
      <g stroke="${ink}" stroke-width="3" stroke-linecap="round">${rays}</g>
      ${crossShape(100, ink, 0.2)}
      <path d="M-70 48 Q0 20 70 48 L70 62 Q0 36 -70 62 Z" fill="${ink}"/>
      <path d="M-88 70 Q-44 56 0 66 Q44 56 88 70" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>
      <circle cx="-97" r="5" fill="${ink}"/><circle cx="97" r="5" fill="${ink}"/>
    </g>
    ${printTexture(garment, seed, 260, 112, 2.4)}`;
  },

  /** Cross flanked by two rules, with two short lines below (Faith Over Fear). */
  ruledCross: (ink) => `
    ${crossShape(96, ink, 0.2)}
    <rect x="-104" y="-25" width="62" height="6" rx="3" fill="${ink}"/>
    <rect x="42" y="-25" width="62" height="6" rx="3" fill="${ink}"/>
    <rect x="-78" y="66" width="156" height="10" rx="5" fill="${ink}"/>
    <rect x="-52" y="86" width="104" height="8" rx="4" fill="${ink}" opacity="0.85"/>`,

  /** Outline heart holding a small cross (Grace Upon Grace). */
  heartCross: (ink) => `
    <path d="M0 70 C-60 30 -96 2 -96 -36 C-96 -66 -72 -86 -46 -86 C-24 -86 -8 -74 0 -58 C8 -74 24 -86 46 -86 C72 -86 96 -66 96 -36 C96 2 60 30 0 70 Z" fill="none" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <g transform="translate(0 -18)">${crossShape(64, ink, 0.2)}</g>
    <rect x="-60" y="96" width="120" height="7" rx="3.5" fill="${ink}" opacity="0.9"/>`,

  /** A quiet hillside with a cross at sunrise, inside a ring (Be Still). */
  hillCross: (ink, garment) => `
    <circle r="92" fill="none" stroke="${ink}" stroke-width="5"/>
    <clipPath id="hillclip"><circle r="86"/></clipPath>
    <g clip-path="url(#hillclip)">
      <circle cx="0" cy="20" r="30" fill="none" stroke="${ink}" stroke-width="4"/>
      <path d="M-100 48 Q-40 6 10 34 Q52 56 100 30 L100 100 L-100 100 Z" fill="${ink}"/>
      <path d="M-100 70 Q-20 44 100 64" fill="none" stroke="${garment}" stroke-width="3" opacity="0.7"/>
    </g>
    <g transform="translate(-6 -22)">${crossShape(64, ink, 0.17)}</g>`,

  /** Shield with a cross (Armor of God). */
  shieldCross: (ink) => `
    <path d="M0 -96 L80 -70 C82 -6 60 58 0 96 C-60 58 -82 -6 -80 -70 Z" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>
    <path d="M0 -80 L66 -59 C67 -6 49 48 0 80 C-49 48 -67 -6 -66 -59 Z" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round" opacity="0.8"/>
    ${crossShape(108, ink, 0.19, -0.16)}`,
};

/** Which print goes on which product (by slug keyword), and where. */
function motifFor(p: DemoProduct): { motif: Motif; x: number; y: number; scale: number } {
  const s = p.slug;
  if (p.category === 't-shirts') {
    if (s.includes('simple')) return { motif: MOTIFS.smallCross!, x: 474, y: 365, scale: 1 };
    if (s.includes('philippians') || s.includes('verse')) return { motif: MOTIFS.verseCross!, x: 400, y: 470, scale: 1.05 };
    if (s.includes('vintage')) return { motif: MOTIFS.vintageBadge!, x: 400, y: 480, scale: 1.05 };
    return { motif: MOTIFS.classicCross!, x: 400, y: 470, scale: 1.12 };
  }
  if (s.includes('grace')) return { motif: MOTIFS.heartCross!, x: 400, y: 518, scale: 0.8 };
  if (s.includes('still')) return { motif: MOTIFS.hillCross!, x: 400, y: 522, scale: 0.8 };
  if (s.includes('armor')) return { motif: MOTIFS.shieldCross!, x: 400, y: 524, scale: 0.8 };
  return { motif: MOTIFS.ruledCross!, x: 400, y: 520, scale: 0.82 };
}

/* ------------------------------------------------------------------ garments and accessories */

const TEE_PATH =
  'M338 226 C364 270 436 270 462 226 L588 262 C632 280 670 332 702 418 L630 458 C616 434 602 414 590 400 ' +
  'C588 520 592 700 596 824 C500 838 300 838 204 824 C208 700 212 520 210 400 C198 414 184 434 170 458 ' +
  'L98 418 C130 332 168 280 212 262 Z';

function tshirt(p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(878, 330);
  const ink = inkFor(c);
  const m = motifFor(p);
  const line = isDark(c) ? tint(c, 0.12) : shade(c, 0.22);
  const defs = `${bgDefs}${fabricDefs(c)}
    <path id="g" d="${TEE_PATH}"/>
    <clipPath id="gc"><use href="#g"/></clipPath>`;
  const body = `${bg}
  <use href="#g" fill="#2A221C" opacity="0.22" transform="translate(0 12)" filter="url(#soft)"/>
  <path d="M338 226 Q400 204 462 226 C436 268 364 268 338 226 Z" fill="${shade(c, isDark(c) ? 0.3 : 0.2)}"/>
  <use href="#g" fill="${c}"/>
  <g clip-path="url(#gc)">
    <rect width="${VW}" height="${VH}" fill="url(#side)"/>
    <rect width="${VW}" height="${VH}" fill="url(#vert)"/>
    ${fold('M262 560 C300 640 290 720 270 800', c, 18, false, 0.6)}
    ${fold('M540 520 C500 610 520 700 548 790', c, 16, false, 0.6)}
    ${fold('M330 300 C360 330 380 380 372 430', c, 10, true)}
    ${fold('M590 400 C560 430 552 470 556 520', c, 9)}
    ${fold('M210 400 C236 430 246 470 244 520', c, 9)}
    ${fold('M150 330 C180 360 200 380 212 400', c, 8, true)}
    <g transform="translate(${m.x} ${m.y}) scale(${m.scale})">${m.motif(ink, c, p.slug + colour)}</g>
  </g>
  <path d="M338 226 C364 270 436 270 462 226" fill="none" stroke="${shade(c, isDark(c) ? 0.05 : 0.06)}" stroke-width="16"/>
  ${seam('M332 232 C362 282 438 282 468 232', c, true, 1.6)}
  ${seam('M588 262 C578 300 582 360 590 400', c)}
  ${seam('M212 262 C222 300 218 360 210 400', c)}
  ${seam('M108 408 L174 445 M692 408 L626 445', c, true, 1.6)}
  ${seam('M206 806 C300 820 500 820 594 806', c, true, 1.6)}
  <use href="#g" fill="none" stroke="${line}" stroke-width="2.2" stroke-linejoin="round"/>`;
  return svgDoc(0, 0, defs, body);
}

const HOODIE_PATH =
  'M318 270 C360 306 440 306 482 270 C548 276 604 286 626 304 C664 336 690 460 712 742 L640 754 ' +
  'C628 620 618 520 606 436 L606 790 L194 790 L194 436 C182 520 172 620 160 754 L88 742 ' +
  'C110 460 136 336 174 304 C196 286 252 276 318 270 Z';

function hoodie(p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const dark = isDark(c);
  const { defs: bgDefs, body: bg } = backdrop(900, 340);
  const ink = inkFor(c);
  const m = motifFor(p);
  const line = dark ? tint(c, 0.12) : shade(c, 0.22);
  const rib = dark ? tint(c, 0.06) : shade(c, 0.07);
  const inside = shade(c, dark ? 0.35 : 0.24);
  const cord = dark ? '#E9E4DA' : mix(c, '#FFFFFF', 0.55);
  let ribLines = '';
  for (let x = 204; x <= 596; x += 12) ribLines += `M${x} 796 L${x} 852 `;
  let cuffLines = '';
  for (let i = 0; i <= 6; i++) {
    cuffLines += `M${n(90 + i * 11)} ${n(746 + i * 1.8)} L${n(92 + i * 11)} ${n(806 + i * 1.8)} `;
    cuffLines += `M${n(710 - i * 11)} ${n(746 + i * 1.8)} L${n(708 - i * 11)} ${n(806 + i * 1.8)} `;
  }
  const defs = `${bgDefs}${fabricDefs(c)}
    <path id="g" d="${HOODIE_PATH}"/>
    <path id="hood" d="M296 300 C280 214 330 136 400 134 C470 136 520 214 504 300 Z"/>
    <path id="band" d="M194 786 L606 786 L602 856 L198 856 Z"/>
    <path id="cl" d="M86 740 L160 752 L158 812 L88 802 Z"/>
    <path id="cr" d="M714 740 L640 752 L642 812 L712 802 Z"/>
    <clipPath id="gc"><use href="#g"/></clipPath>
    <clipPath id="hc"><use href="#hood"/></clipPath>`;
  const parts = (fill: string, extra = '') =>
    `<use href="#hood" fill="${fill}"${extra}/><use href="#g" fill="${fill}"${extra}/><use href="#band" fill="${fill}"${extra}/><use href="#cl" fill="${fill}"${extra}/><use href="#cr" fill="${fill}"${extra}/>`;
  const body = `${bg}
  <g opacity="0.24" transform="translate(0 12)" filter="url(#soft)">${parts('#2A221C')}</g>
  <use href="#hood" fill="${c}"/>
  <g clip-path="url(#hc)">
    <rect width="${VW}" height="${VH}" fill="url(#side)"/>
    <path d="M330 300 C322 226 356 178 400 176 C444 178 478 226 470 300 Z" fill="${inside}"/>
    <path d="M338 300 C334 240 362 200 400 198 C438 200 466 240 462 300 Z" fill="#000" opacity="${dark ? 0.18 : 0.1}"/>
    ${fold('M310 180 C300 220 300 260 310 290', c, 10, true)}
  </g>
  <path d="M330 300 C322 226 356 178 400 176 C444 178 478 226 470 300" fill="none" stroke="${shade(c, dark ? 0 : 0.05)}" stroke-width="12"/>
  <use href="#hood" fill="none" stroke="${line}" stroke-width="2.2"/>
  <use href="#g" fill="${c}"/>
  <g clip-path="url(#gc)">
    <rect width="${VW}" height="${VH}" fill="url(#side)"/>
    <rect width="${VW}" height="${VH}" fill="url(#vert)"/>
    ${fold('M250 440 C270 520 262 600 250 660', c, 16, false, 0.6)}
    ${fold('M556 430 C536 520 546 600 560 660', c, 16, false, 0.6)}
    ${fold('M150 420 C146 520 140 620 132 720', c, 10, true)}
    ${fold('M652 420 C662 520 668 620 674 720', c, 14, false, 0.7)}
    ${fold('M330 330 C350 360 360 400 356 430', c, 9, true)}
    <g transform="translate(${m.x} ${m.y}) scale(${m.scale})">${m.motif(ink, c, p.slug + colour)}</g>
    <path d="M300 636 L500 636 C522 668 540 706 554 744 L558 792 L242 792 L246 744 C260 706 278 668 300 636 Z" fill="${c}"/>
    <path d="M300 636 L500 636 C522 668 540 706 554 744 L558 792 L242 792 L246 744 C260 706 278 668 300 636 Z" fill="url(#side)"/>
    <path d="M300 636 C280 668 262 706 248 744" fill="none" stroke="#000" stroke-opacity="${dark ? 0.45 : 0.16}" stroke-width="10" filter="url(#blur4)"/>
    <path d="M500 636 C520 668 538 706 552 744" fill="none" stroke="#000" stroke-opacity="${dark ? 0.45 : 0.16}" stroke-width="10" filter="url(#blur4)"/>
    ${seam('M300 636 L500 636 C522 668 540 706 554 744 L558 792 M242 792 L246 744 C260 706 278 668 300 636', c, false, 2.2)}
    ${seam('M308 646 L492 646 M300 656 C284 684 268 716 258 744 M500 656 C516 684 532 716 542 744', c, true, 1.5)}
  </g>
  ${seam('M174 304 C190 360 194 400 194 436 M626 304 C610 360 606 400 606 436', c)}
  <use href="#g" fill="none" stroke="${line}" stroke-width="2.2" stroke-linejoin="round"/>
  <path d="M318 270 C360 306 440 306 482 270" fill="none" stroke="${line}" stroke-width="3"/>
  <use href="#band" fill="${rib}"/><path d="${ribLines}" stroke="${line}" stroke-width="1.4" opacity="0.5"/>
  <use href="#band" fill="url(#side)"/><use href="#band" fill="none" stroke="${line}" stroke-width="2"/>
  <use href="#cl" fill="${rib}"/><use href="#cr" fill="${rib}"/>
  <path d="${cuffLines}" stroke="${line}" stroke-width="1.4" opacity="0.5"/>
  <use href="#cl" fill="none" stroke="${line}" stroke-width="2"/><use href="#cr" fill="none" stroke="${line}" stroke-width="2"/>
  <circle cx="372" cy="300" r="6" fill="${shade(c, 0.3)}" stroke="${tint(c, 0.35)}" stroke-width="2"/>
  <circle cx="428" cy="300" r="6" fill="${shade(c, 0.3)}" stroke="${tint(c, 0.35)}" stroke-width="2"/>
  <g fill="none" stroke-linecap="round">
    <path d="M372 300 C376 330 366 360 372 390" stroke="${shade(cord, 0.15)}" stroke-width="8"/>
    <path d="M428 300 C424 334 434 366 426 400" stroke="${shade(cord, 0.15)}" stroke-width="8"/>
    <path d="M372 300 C376 330 366 360 372 390" stroke="${cord}" stroke-width="5"/>
    <path d="M428 300 C424 334 434 366 426 400" stroke="${cord}" stroke-width="5"/>
  </g>
  <rect x="366" y="386" width="12" height="24" rx="3" fill="#C9CCD2" stroke="#8E939B" stroke-width="1.2"/>
  <rect x="420" y="396" width="12" height="24" rx="3" fill="#C9CCD2" stroke="#8E939B" stroke-width="1.2"/>`;
  return svgDoc(0, 0, defs, body);
}

function cap(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const dark = isDark(c);
  const { defs: bgDefs, body: bg } = backdrop(716, 310, 0.26);
  const ink = inkFor(c);
  const line = dark ? tint(c, 0.14) : shade(c, 0.24);
  const under = shade(c, dark ? 0.3 : 0.3);
  // Three-quarter view: crown on the left, bill pointing to the front right.
  const crown = 'M168 606 C156 430 262 318 404 314 C548 312 632 414 630 560 L628 596 C520 622 300 630 168 606 Z';
  const bill =
    'M420 606 C520 604 600 592 630 580 C688 566 756 582 772 612 C786 640 734 668 650 674 C560 680 476 660 420 606 Z';
  const billUnder =
    'M772 612 C786 640 734 668 650 674 C560 680 476 660 420 606 C470 672 560 694 652 690 C740 686 790 652 772 612 Z';
  const defs = `${bgDefs}
    <path id="crown" d="${crown}"/>
    <clipPath id="cc"><use href="#crown"/></clipPath>
    <radialGradient id="dome" cx="0.36" cy="0.26" r="0.85">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="${dark ? 0.18 : 0.32}"/>
      <stop offset="0.45" stop-color="#FFFFFF" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="${dark ? 0.42 : 0.18}"/>
    </radialGradient>
    <linearGradient id="billg" x1="0" y1="0" x2="1" y2="0.4">
      <stop offset="0" stop-color="#000000" stop-opacity="0.16"/>
      <stop offset="0.5" stop-color="#FFFFFF" stop-opacity="${dark ? 0.06 : 0.14}"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.06"/>
    </linearGradient>`;
  const body = `${bg}
  <g transform="translate(-70 0)">
  <g opacity="0.26" transform="translate(0 16)" filter="url(#soft)"><use href="#crown" fill="#2A221C"/><path d="${bill}" fill="#2A221C"/></g>
  <use href="#crown" fill="${c}"/>
  <g clip-path="url(#cc)">
    <rect x="-100" width="${VW + 200}" height="${VH}" fill="url(#dome)"/>
    ${seam('M404 316 C470 380 506 480 512 616', c, false, 2.4)}
    ${seam('M404 316 C330 370 292 480 292 620', c, false, 2.2)}
    ${seam('M404 316 C560 360 618 460 626 596', c, false, 2)}
    ${seam('M404 316 C250 352 186 450 180 604', c, false, 1.8)}
    ${seam('M416 330 C478 392 508 480 522 614 M392 330 C452 392 488 480 500 616', c, true, 1.3)}
    ${fold('M200 500 C210 560 240 600 290 614', c, 12)}
    ${fold('M330 360 C300 400 290 440 288 480', c, 10, true)}
    ${seam('M170 586 C300 610 520 604 630 578', c, true, 1.4)}
  </g>
  <circle cx="318" cy="414" r="5.5" fill="${shade(c, 0.3)}" stroke="${line}" stroke-width="2"/>
  <circle cx="566" cy="420" r="5.5" fill="${shade(c, 0.3)}" stroke="${line}" stroke-width="2"/>
  <g transform="translate(418 488) skewY(6) scale(0.9 1)">
    ${crossShape(92, ink, 0.22)}
    <g opacity="0.3" stroke="${c}" stroke-width="1.2">${Array.from({ length: 9 }, (_, i) => `<line x1="${-9 + i * 2.2}" y1="-46" x2="${-9 + i * 2.2}" y2="46"/>`).join('')}</g>
  </g>
  <ellipse cx="404" cy="316" rx="20" ry="8" fill="${c}" stroke="${line}" stroke-width="2"/>
  <ellipse cx="399" cy="314" rx="9" ry="3" fill="#FFFFFF" opacity="${dark ? 0.15 : 0.35}"/>
  <use href="#crown" fill="none" stroke="${line}" stroke-width="2.2"/>
  <path d="${billUnder}" fill="${under}"/>
  <path d="${bill}" fill="${c}"/>
  <path d="${bill}" fill="url(#billg)"/>
  ${seam('M450 616 C520 650 620 662 700 650 M470 622 C540 644 630 652 716 640', c, true, 1.5)}
  <path d="${bill}" fill="none" stroke="${line}" stroke-width="2.2"/>
  <path d="${billUnder}" fill="none" stroke="${line}" stroke-width="1.6"/>
  </g>`;
  return svgDoc(0, 0, defs, body);
}

function metalDefs(c: string): string {
  return `
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tint(c, 0.6)}"/>
      <stop offset="0.35" stop-color="${c}"/>
      <stop offset="0.55" stop-color="${tint(c, 0.35)}"/>
      <stop offset="1" stop-color="${shade(c, 0.35)}"/>
    </linearGradient>`;
}

function necklace(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(900, 160, 0.1);
  const chain =
    'M400 176 C260 176 214 300 246 450 C272 566 336 640 400 664 C464 640 528 566 554 450 C586 300 540 176 400 176';
  const defs = `${bgDefs}${metalDefs(c)}
    <linearGradient id="card" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FBF8F3"/><stop offset="1" stop-color="#EFE9E0"/>
    </linearGradient>`;
  const crossPath =
    'M388 700 L412 700 L412 756 L448 756 L448 780 L412 780 L412 880 L388 880 L388 780 L352 780 L352 756 L388 756 Z';
  const body = `${bg}
  <rect x="170" y="120" width="460" height="840" rx="18" fill="#2A221C" opacity="0.16" transform="translate(0 10)" filter="url(#soft)"/>
  <rect x="170" y="120" width="460" height="840" rx="18" fill="url(#card)"/>
  <rect x="170" y="120" width="460" height="840" rx="18" fill="none" stroke="#DDD5C9" stroke-width="2"/>
  <circle cx="400" cy="160" r="10" fill="#E6DFD4" stroke="#CFC6B8" stroke-width="2"/>
  <path d="${chain}" fill="none" stroke="#2A221C" stroke-opacity="0.18" stroke-width="7" transform="translate(3 6)" filter="url(#blur4)"/>
  <path d="${chain}" fill="none" stroke="${shade(c, 0.35)}" stroke-width="6"/>
  <path d="${chain}" fill="none" stroke="${c}" stroke-width="5" stroke-dasharray="9 3"/>
  <path d="${chain}" fill="none" stroke="${tint(c, 0.65)}" stroke-width="1.6" stroke-dasharray="5 7"/>
  <rect x="392" y="168" width="16" height="16" rx="4" fill="url(#metal)" stroke="${shade(c, 0.35)}" stroke-width="1.5"/>
  <ellipse cx="400" cy="680" rx="10" ry="16" fill="none" stroke="${shade(c, 0.3)}" stroke-width="7"/>
  <ellipse cx="400" cy="680" rx="10" ry="16" fill="none" stroke="url(#metal)" stroke-width="4.5"/>
  <path d="${crossPath}" fill="#2A221C" opacity="0.28" transform="translate(6 9)" filter="url(#blur4)"/>
  <path d="${crossPath}" fill="url(#metal)" stroke="${shade(c, 0.4)}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M394 706 L406 706 L406 762 L442 762 L442 774 L406 774 L406 874 L394 874 L394 774 L358 774 L358 762 L394 762 Z" fill="none" stroke="${tint(c, 0.55)}" stroke-width="1.6" opacity="0.8"/>
  <path d="M392 712 L392 752" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`;
  return svgDoc(0, 0, defs, body);
}

function journal(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(880, 300, 0.2);
  const rand = prng('journal' + colour);
  let grain = '';
  for (let i = 0; i < 140; i++) {
    grain += `<circle cx="${n(200 + rand() * 400)}" cy="${n(220 + rand() * 560)}" r="${n(0.8 + rand() * 1.6)}"/>`;
  }
  const ribbon = '#B8913F';
  const defs = `${bgDefs}
    <linearGradient id="cover" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tint(c, 0.12)}"/>
      <stop offset="0.5" stop-color="${c}"/>
      <stop offset="1" stop-color="${shade(c, 0.18)}"/>
    </linearGradient>
    <clipPath id="cv"><rect x="196" y="208" width="412" height="580" rx="18"/></clipPath>`;
  const cross = (dx: number, dy: number, fill: string, opacity = 1) =>
    `<g transform="translate(${400 + dx} ${450 + dy})" opacity="${opacity}">${crossShape(150, fill, 0.17, -0.2, 0.6)}</g>`;
  const body = `${bg}
  <rect x="196" y="208" width="424" height="592" rx="18" fill="#2A221C" opacity="0.3" transform="translate(0 14)" filter="url(#soft)"/>
  <path d="M214 226 L614 226 Q624 226 624 236 L624 790 Q624 800 614 800 L214 800 Z" fill="#F4EEDF"/>
  <path d="M610 240 L610 792 M616 240 L616 794 M220 792 L612 792" stroke="#D9CFBA" stroke-width="1.5" fill="none"/>
  <path d="M452 780 L452 900 L471 884 L490 900 L490 780 Z" fill="${shade(ribbon, 0.15)}"/>
  <path d="M456 780 L456 894 L471 881 L471 780 Z" fill="${ribbon}"/>
  <rect x="196" y="208" width="412" height="580" rx="18" fill="url(#cover)"/>
  <g clip-path="url(#cv)">
    <g fill="${shade(c, 0.3)}" opacity="0.35">${grain}</g>
    <rect x="196" y="208" width="34" height="580" fill="${shade(c, 0.25)}"/>
    <rect x="230" y="208" width="5" height="580" fill="${tint(c, 0.15)}" opacity="0.6"/>
    <rect x="212" y="224" width="380" height="548" rx="10" fill="none" stroke="${tint(c, 0.22)}" stroke-width="2" stroke-dasharray="8 6" opacity="0.75"/>
    ${cross(2, 3, tint(c, 0.22), 0.8)}
    ${cross(0, 0, shade(c, 0.32))}
    <rect x="330" y="592" width="140" height="6" rx="3" fill="${shade(c, 0.3)}"/>
    <rect x="354" y="608" width="92" height="5" rx="2.5" fill="${shade(c, 0.3)}" opacity="0.8"/>
    <rect x="534" y="208" width="22" height="580" fill="#2E241E"/>
    <rect x="538" y="208" width="4" height="580" fill="#FFFFFF" opacity="0.12"/>
  </g>
  <rect x="196" y="208" width="412" height="580" rx="18" fill="none" stroke="${shade(c, 0.35)}" stroke-width="2"/>`;
  return svgDoc(0, 0, defs, body);
}

function bracelet(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(700, 290, 0.12);
  const bead = mix(c, '#A8743F', 0.5);
  const charm = COLOR_HEX.Gold!;
  const cx = 400;
  const cy = 500;
  const rx = 232;
  const ry = 140;
  const count = 24;
  const beads = Array.from({ length: count }, (_, i) => {
    const a = (i / count) * Math.PI * 2 + Math.PI / 2;
    const depth = (Math.sin(a) + 1) / 2; // 0 = back, 1 = front
    return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a), r: 26 + depth * 9, depth };
  }).sort((a, b) => a.depth - b.depth);
  const defs = `${bgDefs}${metalDefs(charm)}
    <radialGradient id="bead" cx="0.35" cy="0.32" r="0.75">
      <stop offset="0" stop-color="${tint(bead, 0.55)}"/>
      <stop offset="0.45" stop-color="${bead}"/>
      <stop offset="1" stop-color="${shade(bead, 0.38)}"/>
    </radialGradient>`;
  const drawn = beads
    .map(
      (b) =>
        `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(b.r)}" fill="url(#bead)"/>` +
        `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(b.r)}" fill="#000" opacity="${op((1 - b.depth) * 0.18)}"/>` +
        `<path d="M${n(b.x - b.r * 0.55)} ${n(b.y - b.r * 0.1)} Q${n(b.x)} ${n(b.y + b.r * 0.15)} ${n(b.x + b.r * 0.55)} ${n(b.y - b.r * 0.1)}" fill="none" stroke="${shade(bead, 0.3)}" stroke-width="1.4" opacity="0.5"/>`,
    )
    .join('');
  const crossPath =
    'M392 676 L408 676 L408 712 L432 712 L432 728 L408 728 L408 790 L392 790 L392 728 L368 728 L368 712 L392 712 Z';
  const body = `${bg}
  <ellipse cx="${cx + 6}" cy="${cy + 26}" rx="${rx + 14}" ry="${ry + 14}" fill="none" stroke="#2A221C" stroke-opacity="0.16" stroke-width="30" filter="url(#soft)"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#6B5A48" stroke-width="2.5"/>
  ${drawn}
  <g transform="translate(0 ${cy + ry - 640})">
  <ellipse cx="400" cy="660" rx="8" ry="12" fill="none" stroke="${shade(charm, 0.3)}" stroke-width="6"/>
  <ellipse cx="400" cy="660" rx="8" ry="12" fill="none" stroke="url(#metal)" stroke-width="4"/>
  <path d="${crossPath}" fill="#2A221C" opacity="0.25" transform="translate(5 8)" filter="url(#blur4)"/>
  <path d="${crossPath}" fill="url(#metal)" stroke="${shade(charm, 0.4)}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M397 684 L397 708" stroke="#FFFFFF" stroke-width="2.5" stroke-linecap="round" opacity="0.7"/>
  </g>`;
  return svgDoc(0, 0, defs, body);
}

function bookmarks(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(890, 300, 0.2);
  const accents = [COLOR_HEX.Sage!, COLOR_HEX['Blush Pink']!, COLOR_HEX['Sky Blue']!];
  const ink = mix(c, '#1E1B24', 0.8);
  const one = (i: number, angle: number) => {
    const a = accents[i]!;
    const tassel = shade(a, 0.2);
    let strands = '';
    for (let k = -3; k <= 3; k++) strands += `M${400 + k * 2} 214 Q${400 + k * 5} 180 ${400 + k * 7} 150 `;
    return `<g transform="rotate(${angle} 400 880)">
      <rect x="318" y="236" width="164" height="600" rx="12" fill="#2A221C" opacity="0.2" transform="translate(6 10)" filter="url(#blur4)"/>
      <rect x="318" y="236" width="164" height="600" rx="12" fill="${c}"/>
      <rect x="318" y="236" width="164" height="600" rx="12" fill="url(#paper)"/>
      <rect x="318" y="236" width="164" height="64" rx="12" fill="${a}"/>
      <rect x="318" y="286" width="164" height="14" fill="${a}"/>
      <rect x="318" y="784" width="164" height="52" rx="12" fill="${a}"/>
      <rect x="318" y="784" width="164" height="14" fill="${a}"/>
      <rect x="332" y="312" width="136" height="460" rx="6" fill="none" stroke="${shade(a, 0.15)}" stroke-width="2"/>
      <circle cx="400" cy="262" r="9" fill="${shade(a, 0.35)}"/>
      <path d="M400 262 Q${400 + (i - 1) * 10} 236 400 214" fill="none" stroke="${tassel}" stroke-width="4"/>
      <path d="${strands}" fill="none" stroke="${tassel}" stroke-width="2.5" stroke-linecap="round"/>
      <rect x="393" y="206" width="14" height="14" rx="4" fill="${shade(a, 0.3)}"/>
      <g transform="translate(400 420)">${crossShape(96, ink, 0.18)}</g>
      <rect x="352" y="512" width="96" height="7" rx="3.5" fill="${ink}" opacity="0.85"/>
      <rect x="360" y="530" width="80" height="7" rx="3.5" fill="${ink}" opacity="0.7"/>
      <rect x="352" y="548" width="96" height="7" rx="3.5" fill="${ink}" opacity="0.7"/>
      <rect x="370" y="566" width="60" height="7" rx="3.5" fill="${ink}" opacity="0.7"/>
      <path d="M372 620 L428 620" stroke="${shade(a, 0.2)}" stroke-width="3" stroke-linecap="round"/>
      <circle cx="400" cy="690" r="26" fill="none" stroke="${shade(a, 0.15)}" stroke-width="3"/>
      <path d="M400 676 C394 668 382 672 384 682 C386 690 400 700 400 700 C400 700 414 690 416 682 C418 672 406 668 400 676 Z" fill="${shade(a, 0.15)}"/>
      <rect x="318" y="236" width="164" height="600" rx="12" fill="none" stroke="${shade(c, 0.2)}" stroke-width="1.6"/>
    </g>`;
  };
  const defs = `${bgDefs}
    <linearGradient id="paper" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.25"/>
      <stop offset="0.6" stop-color="#FFFFFF" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.08"/>
    </linearGradient>`;
  const body = `${bg}${one(0, -16)}${one(2, 16)}${one(1, 0)}`;
  return svgDoc(0, 0, defs, body);
}

function tote(_p: DemoProduct, colour: string): string {
  const c = colorHex(colour);
  const { defs: bgDefs, body: bg } = backdrop(888, 300, 0.24);
  const ink = mix(c, '#1E1B24', 0.84);
  const strap = shade(c, 0.08);
  const line = shade(c, 0.26);
  const rand = prng('tote' + colour);
  let weave = '';
  for (let y = 420; y < 870; y += 6) weave += `M236 ${y + rand() * 2} L566 ${y + rand() * 2} `;
  const handle = (x1: number, x2: number, top: number) =>
    `M${x1} 440 C${x1 - 4} ${top} ${x2 + 4} ${top} ${x2} 440`;
  const defs = `${bgDefs}${fabricDefs(c)}
    <path id="bag" d="M238 412 L562 412 L580 866 L220 866 Z"/>
    <clipPath id="bc"><use href="#bag"/></clipPath>`;
  const body = `${bg}
  <use href="#bag" fill="#2A221C" opacity="0.26" transform="translate(0 14)" filter="url(#soft)"/>
  <path d="${handle(318, 482, 168)}" fill="none" stroke="${shade(c, 0.22)}" stroke-width="30" stroke-linecap="round"/>
  <path d="${handle(318, 482, 168)}" fill="none" stroke="${shade(c, 0.14)}" stroke-width="24"/>
  <use href="#bag" fill="${c}"/>
  <g clip-path="url(#bc)">
    <path d="${weave}" stroke="${shade(c, 0.12)}" stroke-width="1" opacity="0.35"/>
    <rect width="${VW}" height="${VH}" fill="url(#side)"/>
    <rect width="${VW}" height="${VH}" fill="url(#vert)"/>
    <rect x="200" y="412" width="400" height="40" fill="${shade(c, 0.05)}"/>
    ${seam('M236 452 L566 452', c, true, 1.6)}
    ${fold('M300 500 C320 600 310 720 296 840', c, 14)}
    ${fold('M520 520 C506 640 516 740 530 850', c, 12)}
    <g transform="translate(400 640)">
      <circle r="120" fill="none" stroke="${ink}" stroke-width="6"/>
      ${crossShape(170, ink, 0.16, -0.2, 0.56)}
    </g>
    ${printTexture(c, 'tote-print' + colour, 120, 130, 1.8).replace('<g ', '<g transform="translate(400 640)" ')}
  </g>
  <use href="#bag" fill="none" stroke="${line}" stroke-width="2.2" stroke-linejoin="round"/>
  <path d="${handle(318, 482, 158)}" fill="none" stroke="${line}" stroke-width="32" stroke-linecap="butt"/>
  <path d="${handle(318, 482, 158)}" fill="none" stroke="${strap}" stroke-width="28"/>
  <path d="${handle(318, 482, 158)}" fill="none" stroke="${line}" stroke-width="1.4" stroke-dasharray="6 5" opacity="0.8"/>
  <rect x="302" y="416" width="32" height="54" fill="${strap}" stroke="${line}" stroke-width="1.6"/>
  <rect x="466" y="416" width="32" height="54" fill="${strap}" stroke="${line}" stroke-width="1.6"/>
  ${seam('M306 424 L330 462 M330 424 L306 462 M306 424 L330 424 L330 462 L306 462 Z', c, false, 1.3)}
  ${seam('M470 424 L494 462 M494 424 L470 462 M470 424 L494 424 L494 462 L470 462 Z', c, false, 1.3)}`;
  return svgDoc(0, 0, defs, body);
}

type Drawer = (p: DemoProduct, colour: string) => string;

const ACCESSORY_DRAWERS: [keyword: string, draw: Drawer][] = [
  ['cap', cap],
  ['hat', cap],
  ['necklace', necklace],
  ['pendant', necklace],
  ['journal', journal],
  ['notebook', journal],
  ['bracelet', bracelet],
  ['bookmark', bookmarks],
  ['tote', tote],
  ['bag', tote],
];

function drawerFor(p: DemoProduct): Drawer {
  if (p.category === 't-shirts') return tshirt;
  if (p.category === 'hoodies') return hoodie;
  const hit = ACCESSORY_DRAWERS.find(([k]) => p.slug.split('-').includes(k));
  if (!hit) throw new Error(`No accessory drawing for slug "${p.slug}" (keywords: ${ACCESSORY_DRAWERS.map(([k]) => k).join(', ')})`);
  return hit[1];
}

/** The product SVG at a given pixel width (4:5). */
export function productSvg(p: DemoProduct, colour: string, width: number): string {
  const svg = drawerFor(p)(p, colour);
  return svg.replace('width="0" height="0"', `width="${width}" height="${(width * VH) / VW}"`);
}

/* ------------------------------------------------------------------ brand images */

/** Sunrise over hills with a cross silhouette; drawn in a 1920x1080 space. */
function heroScene(): { defs: string; body: string } {
  const sunX = 1330;
  const sunY = 770;
  let rays = '';
  for (let i = 0; i < 11; i++) {
    const a = Math.PI + (i + 0.5) * (Math.PI / 11);
    const spread = 0.03 + (i % 3) * 0.012;
    const len = 1500;
    const p1 = [sunX + len * Math.cos(a - spread), sunY + len * Math.sin(a - spread)];
    const p2 = [sunX + len * Math.cos(a + spread), sunY + len * Math.sin(a + spread)];
    rays += `<path d="M${sunX} ${sunY} L${n(p1[0]!)} ${n(p1[1]!)} L${n(p2[0]!)} ${n(p2[1]!)} Z" opacity="${i % 2 ? 0.55 : 1}"/>`;
  }
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2A2440"/>
      <stop offset="0.32" stop-color="#4E3A5E"/>
      <stop offset="0.58" stop-color="#8F5671"/>
      <stop offset="0.76" stop-color="#D78A78"/>
      <stop offset="0.9" stop-color="#F2B27E"/>
      <stop offset="1" stop-color="#F7CB92"/>
    </linearGradient>
    <radialGradient id="glow" cx="${sunX}" cy="${sunY}" r="900" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#FFE9C2" stop-opacity="0.95"/>
      <stop offset="0.12" stop-color="#FFD9A0" stop-opacity="0.6"/>
      <stop offset="0.45" stop-color="#F4A582" stop-opacity="0.18"/>
      <stop offset="1" stop-color="#F4A582" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="rayfade" cx="${sunX}" cy="${sunY}" r="1300" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#FFF3DC" stop-opacity="0.2"/>
      <stop offset="0.35" stop-color="#FFF3DC" stop-opacity="0.08"/>
      <stop offset="0.7" stop-color="#FFF3DC" stop-opacity="0.02"/>
      <stop offset="1" stop-color="#FFF3DC" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.55" stop-color="#140F1E" stop-opacity="0"/>
      <stop offset="1" stop-color="#140F1E" stop-opacity="0.45"/>
    </radialGradient>
    <linearGradient id="center" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#1B1426" stop-opacity="0"/>
      <stop offset="0.5" stop-color="#1B1426" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#1B1426" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#FFF6E2"/>
      <stop offset="0.55" stop-color="#FFF0D0" stop-opacity="0.95"/>
      <stop offset="0.62" stop-color="#FFE2B0" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#FFD9A0" stop-opacity="0"/>
    </radialGradient>
    <filter id="rayblur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="14"/></filter>`;
  const body = `
  <rect width="1920" height="1080" fill="url(#sky)"/>
  <rect width="1920" height="1080" fill="url(#glow)"/>
  <g fill="url(#rayfade)" filter="url(#rayblur)">${rays}</g>
  <circle cx="${sunX}" cy="${sunY}" r="110" fill="url(#sun)"/>
  <path d="M-50 790 C250 738 520 756 760 796 C920 822 1040 850 1160 900 L1160 1080 L-50 1080 Z" fill="#A8687A" opacity="0.7"/>
  <path d="M-50 862 C260 800 520 830 760 860 C1000 890 1140 800 1330 786 C1520 774 1720 830 1970 850 L1970 1080 L-50 1080 Z" fill="#7D4B64"/>
  <g transform="translate(${sunX} 792)" fill="#4A2F48">
    <rect x="-12" y="-280" width="24" height="290" rx="3"/>
    <rect x="-84" y="-218" width="168" height="22" rx="3"/>
  </g>
  <path d="M-50 930 C300 880 600 900 900 940 C1200 980 1500 900 1970 920 L1970 1080 L-50 1080 Z" fill="#4A2F48"/>
  <path d="M-50 1000 C400 960 800 990 1200 1010 C1500 1025 1700 990 1970 1000 L1970 1080 L-50 1080 Z" fill="#35223A"/>
  <rect width="1920" height="1080" fill="url(#center)"/>
  <rect width="1920" height="1080" fill="url(#vignette)"/>`;
  return { defs, body };
}

function heroSvg(width: number): string {
  const { defs, body } = heroScene();
  return svgDoc(width, Math.round((width * 1080) / 1920), defs, body, '0 0 1920 1080');
}

/** Logo mark: a cream cross inside a rounded plum square (512 units). */
function logoMark(fullBleed = false): string {
  const bg = fullBleed
    ? `<rect width="512" height="512" fill="url(#lg)"/>`
    : `<rect x="16" y="16" width="480" height="480" rx="112" fill="url(#lg)"/>`;
  return `<defs><linearGradient id="lg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND.plum}"/><stop offset="1" stop-color="${BRAND.plumDark}"/></linearGradient></defs>
  ${bg}
  <rect x="222" y="100" width="68" height="312" rx="14" fill="${BRAND.cream}"/>
  <rect x="140" y="180" width="232" height="68" rx="14" fill="${BRAND.cream}"/>`;
}

function logoSvg(size = 512, fullBleed = false): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512" role="img" aria-label="Wear Your Faith"><title>Wear Your Faith</title>${logoMark(fullBleed)}</svg>`;
}

/** Pixel-aligned favicon variants (16 and 32 px), so the cross stays crisp at tiny sizes. */
function faviconSvg(size: 16 | 32): string {
  const shapes =
    size === 16
      ? `<rect width="16" height="16" rx="3.5" fill="${BRAND.plum}"/><rect x="7" y="2" width="2" height="12" fill="${BRAND.cream}"/><rect x="4" y="5" width="8" height="2" fill="${BRAND.cream}"/>`
      : `<rect width="32" height="32" rx="7" fill="${BRAND.plum}"/><rect x="13" y="5" width="6" height="22" rx="1" fill="${BRAND.cream}"/><rect x="7" y="10" width="18" height="6" rx="1" fill="${BRAND.cream}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${shapes}</svg>`;
}

function ogSvg(): string {
  const { defs, body } = heroScene();
  // 1200x630 = 1.905:1; crop the 1920x1080 scene to 1920x1008 (top-aligned minus a little sky).
  const overlay = `
  <g transform="translate(150 470)">
    <g transform="translate(-6 -290) scale(0.3)">${logoMark()}</g>
    <text x="0" y="0" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="132" fill="#FFFFFF" letter-spacing="2">Wear Your Faith</text>
    <text x="4" y="92" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" fill="#F6E7C8" letter-spacing="6">FAITH-INSPIRED APPAREL</text>
  </g>`;
  return svgDoc(1200, 630, defs, body + overlay, '0 40 1920 1008');
}

/** Wraps PNG images in an ICO container (PNG-in-ICO, supported by all current browsers). */
function buildIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = 6 + entries.length;
  images.forEach(({ size, png }, i) => {
    const e = i * 16;
    entries.writeUInt8(size >= 256 ? 0 : size, e); // width
    entries.writeUInt8(size >= 256 ? 0 : size, e + 1); // height
    entries.writeUInt8(0, e + 2); // palette colours
    entries.writeUInt8(0, e + 3); // reserved
    entries.writeUInt16LE(1, e + 4); // colour planes
    entries.writeUInt16LE(32, e + 6); // bits per pixel
    entries.writeUInt32LE(png.length, e + 8); // image size
    entries.writeUInt32LE(offset, e + 12); // image offset
    offset += png.length;
  });
  return Buffer.concat([header, entries, ...images.map((i) => i.png)]);
}

/* ------------------------------------------------------------------ main */

const written: { file: string; bytes: number }[] = [];

async function save(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push({ file: path.relative(ROOT, file), bytes: Buffer.byteLength(data) });
}

const webp = (svg: string) => sharp(Buffer.from(svg)).webp(WEBP).toBuffer();

/** File base names (without width) of every product image, in catalogue order. */
export function productImageJobs(): { product: DemoProduct; colour: string; base: string }[] {
  return DEMO_PRODUCTS.flatMap((product) =>
    product.colors.map((colour) => ({ product, colour, base: `${product.slug}-${kebab(colour)}` })),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const jobs = productImageJobs();

  // Catalogue consistency: every imageUrls entry must be the URL of a file generated here.
  for (const p of DEMO_PRODUCTS) {
    const expected = p.colors.map((col) => `/images/products/${p.slug}-${kebab(col)}-${Math.max(...DEMO_IMAGE_WIDTHS)}.webp`);
    if (JSON.stringify(expected) !== JSON.stringify(p.imageUrls)) {
      throw new Error(`imageUrls of "${p.slug}" do not match its colors:\n  expected ${expected.join(', ')}\n  got      ${p.imageUrls.join(', ')}`);
    }
    p.colors.forEach(colorHex);
    drawerFor(p);
  }

  await mkdir(PRODUCTS_DIR, { recursive: true });

  // Remove product images that no longer belong to the catalogue (keeps the folder idempotent).
  const expectedFiles = new Set(jobs.flatMap((j) => DEMO_IMAGE_WIDTHS.map((w) => `${j.base}-${w}.webp`)));
  const removed: string[] = [];
  for (const f of await readdir(PRODUCTS_DIR)) {
    if (f.endsWith('.webp') && !expectedFiles.has(f)) {
      await rm(path.join(PRODUCTS_DIR, f));
      removed.push(f);
    }
  }

  // Product images (rendered a few at a time).
  const tasks = jobs.flatMap((j) => DEMO_IMAGE_WIDTHS.map((w) => ({ ...j, w })));
  const CONCURRENCY = 4;
  for (let i = 0; i < tasks.length; i += CONCURRENCY) {
    await Promise.all(
      tasks.slice(i, i + CONCURRENCY).map(async (t) => {
        const out = await webp(productSvg(t.product, t.colour, t.w));
        await save(path.join(PRODUCTS_DIR, `${t.base}-${t.w}.webp`), out);
      }),
    );
  }

  // Hero backgrounds.
  for (const w of HERO_WIDTHS) {
    await save(path.join(IMAGES_DIR, `hero-${w}.webp`), await sharp(Buffer.from(heroSvg(w))).webp({ ...WEBP, quality: 74 }).toBuffer());
  }

  // Logo, favicon, touch icon, social preview.
  await save(path.join(IMAGES_DIR, 'logo.svg'), logoSvg() + '\n');
  const icoImages = await Promise.all(
    [16, 32, 48].map(async (size) => ({
      size,
      png: await sharp(Buffer.from(size === 16 || size === 32 ? faviconSvg(size) : logoSvg(size))).png({ compressionLevel: 9 }).toBuffer(),
    })),
  );
  await save(path.join(PUBLIC_DIR, 'favicon.ico'), buildIco(icoImages));
  await save(
    path.join(PUBLIC_DIR, 'apple-touch-icon.png'),
    await sharp(Buffer.from(logoSvg(180, true))).flatten({ background: BRAND.plum }).png({ compressionLevel: 9 }).toBuffer(),
  );
  await save(
    path.join(IMAGES_DIR, 'og-default.jpg'),
    await sharp(Buffer.from(ogSvg())).flatten({ background: '#2A2440' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
  );

  // Summary.
  written.sort((a, b) => a.file.localeCompare(b.file));
  const kb = (b: number) => `${(b / 1024).toFixed(1).padStart(7)} KB`;
  for (const w of written) console.log(`${kb(w.bytes)}  ${w.file}`);
  if (removed.length) console.log(`removed stale: ${removed.join(', ')}`);
  let imagesTotal = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) await walk(f);
      else imagesTotal += (await stat(f)).size;
    }
  };
  await walk(IMAGES_DIR);
  const total = written.reduce((s, w) => s + w.bytes, 0);
  const largest960 = Math.max(...written.filter((w) => w.file.endsWith('-960.webp')).map((w) => w.bytes));
  console.log(
    `\n${written.length} files, ${(total / 1024).toFixed(1)} KB written (public/images: ${(imagesTotal / 1024).toFixed(1)} KB; ` +
      `largest 960 product image ${(largest960 / 1024).toFixed(1)} KB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

// Run only when executed directly (importing the helpers must not regenerate files).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
