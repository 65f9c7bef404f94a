/**
 * Captcha images as standalone SVG, drawn from a built-in stroke-glyph table so the server
 * needs neither canvas nor system fonts.
 *
 * SVG is vector markup, so a fixed path per character would let a bot read the answer with a
 * lookup table. Every render therefore bakes rotation, scale and offset into the coordinates
 * and re-randomises the outline itself (point jitter, randomly split segments, reversed and
 * shuffled strokes): no string in the markup is stable per character, and reading it means
 * recognising shapes, as with a raster captcha.
 */
import { randomInt } from 'node:crypto';

/** Look-alikes are left out (0/O, 1/I, 5/S, 2/Z, O/Q) so a correct reading is never refused. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPRTUVWXY';

export interface CaptchaSvgOptions {
  width?: number;
  height?: number;
}

type Pt = readonly [number, number];

// Outlines on a 10 x 14 grid, y down, M/L/Q with absolute coordinates only.
const GLYPH_SOURCE: Readonly<Record<string, string>> = {
  '2': 'M1 4Q1 0 5 0Q9 0 9 4Q9 7 1 14L9 14',
  '3': 'M1 3Q2 0 5 0Q9 0 9 3.5Q9 7 5 7Q9 7 9 10.5Q9 14 5 14Q1 14 1 11',
  '4': 'M7 14L7 0L1 10L10 10',
  '5': 'M9 0L2 0L1 6Q3 5 5 5Q9 5 9 9.5Q9 14 5 14Q2 14 1 12',
  '6': 'M8 1Q7 0 5 0Q1 0 1 8Q1 14 5 14Q9 14 9 10Q9 6 5 6Q1 6 1 10',
  '7': 'M1 0L9 0L4 14',
  '8': 'M5 7Q1 7 1 3.5Q1 0 5 0Q9 0 9 3.5Q9 7 5 7Q1 7 1 10.5Q1 14 5 14Q9 14 9 10.5Q9 7 5 7',
  '9': 'M9 5Q8 8 5 8Q1 8 1 4Q1 0 5 0Q9 0 9 5Q9 14 2 14',
  A: 'M1 14L5 0L9 14M2.5 9L7.5 9',
  B: 'M1 7L6 7Q9 7 9 10.5Q9 14 6 14L1 14L1 0L5.5 0Q8.5 0 8.5 3.5Q8.5 7 5.5 7',
  C: 'M9 2Q8 0 5 0Q1 0 1 7Q1 14 5 14Q8 14 9 12',
  D: 'M1 0L1 14L4 14Q9 14 9 7Q9 0 4 0L1 0',
  E: 'M9 0L1 0L1 14L9 14M1 7L7 7',
  F: 'M9 0L1 0L1 14M1 7L7 7',
  G: 'M9 2Q8 0 5 0Q1 0 1 7Q1 14 5 14Q9 14 9 10L9 8L6 8',
  H: 'M1 0L1 14M9 0L9 14M1 7L9 7',
  J: 'M3 0L9 0M7 0L7 10Q7 14 4 14Q1 14 1 11',
  K: 'M1 0L1 14M9 0L1 9M3.7 6L9 14',
  L: 'M1 0L1 14L9 14',
  M: 'M1 14L1 0L5 9L9 0L9 14',
  N: 'M1 14L1 0L9 14L9 0',
  P: 'M1 14L1 0L6 0Q9 0 9 3.5Q9 7 6 7L1 7',
  R: 'M1 14L1 0L6 0Q9 0 9 3.5Q9 7 6 7L1 7M5 7L9 14',
  T: 'M1 0L9 0M5 0L5 14',
  U: 'M1 0L1 9Q1 14 5 14Q9 14 9 9L9 0',
  V: 'M1 0L5 14L9 0',
  W: 'M0 0L2.5 14L5 5L7.5 14L10 0',
  X: 'M1 0L9 14M9 0L1 14',
  Y: 'M1 0L5 7L9 0M5 7L5 14',
};

const GRID_W = 10;
const GRID_H = 14;
const POINT_JITTER = 0.3; // grid units; part of the glyph's bounding box below
const MAX_ANGLE = (20 * Math.PI) / 180;
const SCALE_JITTER = 0.12;
const PAD = 3;
// Dark enough to read on the near-white background; noise uses them too so colour cannot separate it.
const PALETTE = ['30,64,175', '185,28,28', '21,128,61', '126,34,206', '194,65,12', '15,118,110', '55,65,81'];

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const rand = (min: number, max: number): number => min + ((max - min) * randomInt(0, 1_000_001)) / 1_000_000;
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const colour = (): string => `rgb(${pick(PALETTE)})`;
// One decimal and no image side above 999 keep every number at most 3 digits long, and path
// commands are followed by a space: the markup never holds 4 alphabet characters in a row.
const num = (v: number): string => String(Math.round(v * 10) / 10);
const xy = (p: Pt): string => `${num(p[0])},${num(p[1])}`;

function pt(points: readonly Pt[], i: number): Pt {
  const p = points[i];
  if (!p) throw new Error(`captcha glyph: no point ${i}`);
  return p;
}

/** Turns a glyph source into subpaths of cubic points: start, then control, control, end per segment. */
function parseGlyph(src: string): Pt[][] {
  const subpaths: Pt[][] = [];
  for (const [, cmd = '', args = ''] of src.matchAll(/([MLQ])([^MLQ]+)/g)) {
    const v = args.trim().split(/\s+/).map(Number);
    const at = (i: number): Pt => [v[i] ?? Number.NaN, v[i + 1] ?? Number.NaN];
    if (cmd === 'M') {
      subpaths.push([at(0)]);
      continue;
    }
    const path = subpaths[subpaths.length - 1];
    if (!path) throw new Error(`captcha glyph must start with M: ${src}`);
    const from = pt(path, path.length - 1);
    // Lines become cubics too, so the command letters do not reveal which strokes are straight.
    if (cmd === 'L') path.push(lerp(from, at(0), 1 / 3), lerp(from, at(0), 2 / 3), at(0));
    else path.push(lerp(from, at(0), 2 / 3), lerp(at(2), at(0), 2 / 3), at(2));
  }
  return subpaths;
}

const GLYPHS = new Map(Object.entries(GLYPH_SOURCE).map(([ch, src]) => [ch, parseGlyph(src)]));

/** The glyph grid (x 0..10, y 0..14, y down) the outlines below are drawn on. */
export const GLYPH_GRID = { width: GRID_W, height: GRID_H } as const;

/**
 * The strokes of an alphabet character on GLYPH_GRID, each as cubic points (start, then control,
 * control, end per segment); undefined for a character outside CAPTCHA_ALPHABET.
 */
export function glyphStrokes(ch: string): readonly (readonly Pt[])[] | undefined {
  return GLYPHS.get(ch);
}

/** Splits about a third of the segments in two, so segment counts vary between renders. */
function splitSome(points: readonly Pt[]): Pt[] {
  const out: Pt[] = [pt(points, 0)];
  for (let i = 0; i + 3 < points.length; i += 3) {
    const [p1, p2, p3] = [pt(points, i + 1), pt(points, i + 2), pt(points, i + 3)];
    if (randomInt(3) !== 0) {
      out.push(p1, p2, p3);
      continue;
    }
    const t = rand(0.35, 0.65);
    const a = lerp(pt(points, i), p1, t);
    const b = lerp(p1, p2, t);
    const c = lerp(p2, p3, t);
    const d = lerp(a, b, t);
    const e = lerp(b, c, t);
    out.push(a, d, lerp(d, e, t), e, c, p3);
  }
  return out;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function pathData(points: readonly Pt[]): string {
  let d = `M ${xy(pt(points, 0))}`;
  for (let i = 1; i + 2 < points.length; i += 3) {
    d += ` C ${xy(pt(points, i))} ${xy(pt(points, i + 1))} ${xy(pt(points, i + 2))}`;
  }
  return d;
}

function checkSide(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min || value > 999) {
    throw new RangeError(`captcha ${name} must be an integer from ${min} to 999`);
  }
}

/** A random answer of `length` (4 to 6) characters from CAPTCHA_ALPHABET. */
export function randomCaptchaText(length: number): string {
  if (!Number.isInteger(length) || length < 4 || length > 6) {
    throw new RangeError('captcha length must be an integer from 4 to 6');
  }
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** A standalone SVG document showing `text` (1 to 8 characters of CAPTCHA_ALPHABET). */
export function renderCaptchaSvg(text: string, options: CaptchaSvgOptions = {}): string {
  const { width = 130, height = 48 } = options;
  checkSide('width', width, 32);
  checkSide('height', height, 16);
  const chars = [...text];
  if (chars.length < 1 || chars.length > 8) throw new RangeError('captcha text must have 1 to 8 characters');
  const glyphs = chars.map((ch) => {
    const glyph = GLYPHS.get(ch);
    if (!glyph) throw new RangeError('captcha text has a character outside CAPTCHA_ALPHABET');
    return glyph;
  });

  const n = glyphs.length;
  const stroke = Math.min(3, Math.max(1.5, height / 20));
  // Half-extents of the jittered grid, rotated by the largest angle: every glyph fits its cell
  // whatever its rotation and scale, so neighbours can never overlap.
  const hx = GRID_W / 2 + POINT_JITTER;
  const hy = GRID_H / 2 + POINT_JITTER;
  const unitW = 2 * (hx * Math.cos(MAX_ANGLE) + hy * Math.sin(MAX_ANGLE)) * (1 + SCALE_JITTER);
  const unitH = 2 * (hx * Math.sin(MAX_ANGLE) + hy * Math.cos(MAX_ANGLE)) * (1 + SCALE_JITTER);
  const scale = Math.min(((width - 2 * PAD) / n - stroke) / unitW, (height - 2 * PAD - stroke) / unitH);
  if (scale <= 0) throw new RangeError('captcha image is too small for this text');
  const advance = unitW * scale + stroke;
  const left = (width - n * advance) / 2;

  const parts = glyphs.map((glyph, i) => {
    const angle = rand(-MAX_ANGLE, MAX_ANGLE);
    const s = scale * rand(1 - SCALE_JITTER, 1 + SCALE_JITTER);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const slackX = Math.max(0, advance / 2 - (hx * Math.abs(cos) + hy * Math.abs(sin)) * s - stroke / 2);
    const slackY = Math.max(0, height / 2 - PAD - (hx * Math.abs(sin) + hy * Math.abs(cos)) * s - stroke / 2);
    const cx = left + advance * (i + 0.5) + rand(-slackX, slackX);
    const cy = height / 2 + rand(-slackY, slackY);
    const place = ([x, y]: Pt): Pt => {
      const dx = (x - GRID_W / 2) * s;
      const dy = (y - GRID_H / 2) * s;
      return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
    };
    const strokes = glyph.map((sub) => {
      const jittered = sub.map(
        ([x, y]): Pt => [x + rand(-POINT_JITTER, POINT_JITTER), y + rand(-POINT_JITTER, POINT_JITTER)],
      );
      const points = splitSome(jittered);
      if (randomInt(2) === 1) points.reverse();
      return pathData(points.map(place));
    });
    const look = `fill="none" stroke="${colour()}" stroke-width="${num(stroke)}" stroke-linecap="round"`;
    return `<g class="c" ${look} stroke-linejoin="round"><path d="${shuffle(strokes).join(' ')}"/></g>`;
  });

  const noise: string[] = [];
  for (let i = randomInt(3, 6); i > 0; i--) {
    const y = (): number => rand(height * 0.1, height * 0.9);
    const d = pathData([
      [rand(0, width * 0.15), y()],
      [rand(width * 0.2, width * 0.5), rand(0, height)],
      [rand(width * 0.5, width * 0.8), rand(0, height)],
      [rand(width * 0.85, width), y()],
    ]);
    noise.push(
      `<path d="${d}" fill="none" stroke="${colour()}" stroke-width="${num(stroke * rand(0.35, 0.6))}"/>`,
    );
  }
  for (let i = randomInt(6, 12); i > 0; i--) {
    const at = `cx="${num(rand(0, width))}" cy="${num(rand(0, height))}"`;
    noise.push(`<circle ${at} r="${num(rand(0.6, 1.5))}" fill="${colour()}"/>`);
  }

  const bg = `rgb(${randomInt(242, 256)},${randomInt(242, 256)},${randomInt(242, 256)})`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${bg}"/>${parts.join('')}${noise.join('')}</svg>`
  );
}
