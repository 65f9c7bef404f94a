/**
 * The click captcha of the original product: a picture with a few icons and characters at
 * random places, sizes and angles, and a list of labels to click in order. The first items
 * are the targets, the rest decoys. The picture is a PNG drawn here pixel by pixel, so no
 * label can be read from its source.
 *
 * The answer (`info`) is what the original client sends: `x1,y1-x2,y2;<shown width>;<shown
 * height>`, the clicks measured on the picture as shown. They are scaled back to its natural
 * size, and click k must fall inside target k's box. Unlike the original, which checked only
 * the clicks it was given, there must be exactly one click per target.
 */
import { randomInt } from 'node:crypto';
import type { Lang } from '../i18n/index.js';
import { CAPTCHA_ALPHABET, GLYPH_GRID, glyphStrokes } from './captcha-image.js';
import { CLICK_CAPTCHA_ICONS, ICON_VIEWBOX } from './click-captcha-icons.js';
import { flattenPath, type Pt, Raster, type Rgb } from './raster.js';

const CLICK_CAPTCHA_WIDTH = 350;
const CLICK_CAPTCHA_HEIGHT = 200;
/** How many items are to be clicked, and how many more are drawn to mislead. */
export const CLICK_CAPTCHA_TARGETS = 2;
const CLICK_CAPTCHA_DECOYS = 2;

const MIN_SIZE = 30;
const MAX_SIZE = 44;
const MAX_ANGLE = 0.45; // radians, about 26 degrees
const EDGE = 4; // px kept free along the picture's border
const GAP = 6; // px kept free between two items

/** A target as stored: its box (top-left corner, size) in the picture's natural pixels. */
export interface ClickTarget {
  icon: boolean;
  /** The icon's English name, or the character. */
  name: string;
  /** The label shown to the caller. */
  text: string;
  size: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is kept server-side for a challenge: the targets in click order and the picture's size. */
export interface ClickChallenge {
  text: ClickTarget[];
  width: number;
  height: number;
}

export interface DrawnClickCaptcha {
  /** Labels to click, in order. */
  labels: string[];
  png: Buffer;
  challenge: ClickChallenge;
}

interface Item {
  icon: boolean;
  name: string;
  label: string;
  size: number;
  /** Filled outlines (icons) or stroked lines (characters), centred on 0,0 at `size`. */
  shape: Pt[][];
  lineWidth: number;
}

const rand = (min: number, max: number): number => min + ((max - min) * randomInt(0, 1_000_001)) / 1_000_000;

/** Flattened outlines of each icon, parsed once. */
const ICON_SHAPES = new Map<string, Pt[][]>();

function iconShape(d: string, size: number): Pt[][] {
  let outline = ICON_SHAPES.get(d);
  if (!outline) {
    outline = flattenPath(d);
    ICON_SHAPES.set(d, outline);
  }
  const centre = ICON_VIEWBOX.x + ICON_VIEWBOX.size / 2;
  const k = size / ICON_VIEWBOX.size;
  return outline.map((poly) => poly.map(([x, y]): Pt => [(x - centre) * k, (y - centre) * k]));
}

function glyphShape(ch: string, size: number): Pt[][] {
  const strokes = glyphStrokes(ch) ?? [];
  const k = size / GLYPH_GRID.height;
  const place = ([x, y]: Pt): Pt => [(x - GLYPH_GRID.width / 2) * k, (y - GLYPH_GRID.height / 2) * k];
  return strokes.map((points) => {
    const line: Pt[] = [place(points[0] as Pt)];
    for (let i = 1; i + 2 < points.length; i += 3) {
      const [p0, p1, p2, p3] = [points[i - 1], points[i], points[i + 1], points[i + 2]] as Pt[];
      for (let s = 1; s <= 6; s++) {
        const t = s / 6;
        const u = 1 - t;
        const at = (c: 0 | 1): number =>
          u * u * u * (p0 as Pt)[c] +
          3 * u * u * t * (p1 as Pt)[c] +
          3 * u * t * t * (p2 as Pt)[c] +
          t * t * t * (p3 as Pt)[c];
        line.push(place([at(0), at(1)]));
      }
    }
    return line;
  });
}

/** `count` different items, each an icon or a character at random. */
function pickItems(count: number, lang: Lang): Item[] {
  const items: Item[] = [];
  const used = new Set<string>();
  while (items.length < count) {
    const size = randomInt(MIN_SIZE, MAX_SIZE + 1);
    if (randomInt(2) === 0) {
      const icon = CLICK_CAPTCHA_ICONS[randomInt(CLICK_CAPTCHA_ICONS.length)];
      if (!icon || used.has(`icon:${icon.en}`)) continue;
      used.add(`icon:${icon.en}`);
      const label = `<${lang === 'zh-cn' ? icon.zh : icon.en}>`;
      items.push({ icon: true, name: icon.en, label, size, shape: iconShape(icon.d, size), lineWidth: 0 });
    } else {
      const ch = CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)] ?? 'A';
      if (used.has(`text:${ch}`)) continue;
      used.add(`text:${ch}`);
      const shape = glyphShape(ch, size * 0.85);
      items.push({ icon: false, name: ch, label: ch, size, shape, lineWidth: Math.max(2.5, size / 9) });
    }
  }
  return items;
}

interface Placed {
  shape: Pt[][];
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rotates the item by a random angle and finds it a free place; null when none was found. */
function place(item: Item, taken: readonly Placed[]): Placed | null {
  const angle = rand(-MAX_ANGLE, MAX_ANGLE);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const rotated = item.shape.map((poly) => poly.map(([x, y]): Pt => [x * cos - y * sin, x * sin + y * cos]));
  const pad = item.lineWidth / 2;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const poly of rotated) {
    for (const [x, y] of poly) {
      minX = Math.min(minX, x - pad);
      minY = Math.min(minY, y - pad);
      maxX = Math.max(maxX, x + pad);
      maxY = Math.max(maxY, y + pad);
    }
  }
  const width = Math.ceil(maxX - minX) + 2;
  const height = Math.ceil(maxY - minY) + 2;
  for (let attempt = 0; attempt < 200; attempt++) {
    const x = randomInt(EDGE, CLICK_CAPTCHA_WIDTH - EDGE - width + 1);
    const y = randomInt(EDGE, CLICK_CAPTCHA_HEIGHT - EDGE - height + 1);
    const free = taken.every(
      (o) =>
        x + width + GAP <= o.x ||
        o.x + o.width + GAP <= x ||
        y + height + GAP <= o.y ||
        o.y + o.height + GAP <= y,
    );
    if (!free) continue;
    // The box's corner is at x, y; the shape's own corner (minX, minY) goes 1 px inside it.
    const dx = x + 1 - minX;
    const dy = y + 1 - minY;
    return {
      shape: rotated.map((poly) => poly.map(([px, py]): Pt => [px + dx, py + dy])),
      x,
      y,
      width,
      height,
    };
  }
  return null;
}

const ITEM_COLOURS: readonly Rgb[] = [
  [30, 64, 175],
  [185, 28, 28],
  [21, 128, 61],
  [126, 34, 206],
  [194, 65, 12],
  [15, 118, 110],
  [55, 65, 81],
  [157, 23, 77],
];

const pickColour = (): Rgb => ITEM_COLOURS[randomInt(ITEM_COLOURS.length)] as Rgb;
const light = (): Rgb => [randomInt(205, 250), randomInt(205, 250), randomInt(205, 250)];

function drawBackground(raster: Raster): void {
  const [a, b] = [light(), light()];
  const w = raster.width;
  const h = raster.height;
  raster.paint((x, y) => {
    const t = (x / w + y / h) / 2;
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  });
  // Soft blobs and thin scribbles in the items' colours, so colour alone cannot pick the items out.
  for (let i = randomInt(8, 14); i > 0; i--) {
    const cx = rand(0, w);
    const cy = rand(0, h);
    const r = rand(8, 40);
    const blob: Pt[] = [];
    for (let s = 0; s < 24; s++) {
      const t = (s / 24) * 2 * Math.PI;
      const rr = r * rand(0.75, 1.1);
      blob.push([cx + rr * Math.cos(t), cy + rr * Math.sin(t)]);
    }
    raster.fill([blob], pickColour(), rand(0.06, 0.14));
  }
  scribbles(raster, randomInt(4, 8), 0.18);
}

function scribbles(raster: Raster, count: number, alpha: number): void {
  for (let i = count; i > 0; i--) {
    const line: Pt[] = [];
    let x = rand(0, raster.width);
    let y = rand(0, raster.height);
    let heading = rand(0, 2 * Math.PI);
    for (let s = 0; s < 30; s++) {
      line.push([x, y]);
      heading += rand(-0.5, 0.5);
      x += 6 * Math.cos(heading);
      y += 6 * Math.sin(heading);
    }
    raster.stroke([line], rand(0.8, 1.6), pickColour(), alpha);
  }
}

/** Draws a new challenge; labels in `lang`. */
export function drawClickCaptcha(lang: Lang): DrawnClickCaptcha {
  for (;;) {
    const items = pickItems(CLICK_CAPTCHA_TARGETS + CLICK_CAPTCHA_DECOYS, lang);
    const placed: Placed[] = [];
    for (const item of items) {
      const spot = place(item, placed);
      if (!spot) break;
      placed.push(spot);
    }
    if (placed.length < items.length) continue; // crowded: draw again

    const raster = new Raster(CLICK_CAPTCHA_WIDTH, CLICK_CAPTCHA_HEIGHT);
    drawBackground(raster);
    items.forEach((item, i) => {
      const { shape } = placed[i] as Placed;
      if (item.icon) raster.fill(shape, pickColour(), rand(0.8, 0.92));
      else raster.stroke(shape, item.lineWidth, pickColour(), rand(0.8, 0.92));
    });
    scribbles(raster, randomInt(2, 4), 0.3);

    const targets = items.slice(0, CLICK_CAPTCHA_TARGETS).map((item, i): ClickTarget => {
      const { x, y, width, height } = placed[i] as Placed;
      return { icon: item.icon, name: item.name, text: item.label, size: item.size, x, y, width, height };
    });
    return {
      labels: targets.map((t) => t.text),
      png: raster.png(),
      challenge: { text: targets, width: CLICK_CAPTCHA_WIDTH, height: CLICK_CAPTCHA_HEIGHT },
    };
  }
}

const NUMBER = String.raw`\d{1,5}(?:\.\d{1,6})?`;
const CLICK_INFO = new RegExp(`^(${NUMBER},${NUMBER}(?:-${NUMBER},${NUMBER})*);(${NUMBER});(${NUMBER})$`);

/** True when `value` has the shape of a click answer (a typed answer never holds a ';'). */
export function isClickAnswer(value: string): boolean {
  return value.includes(';');
}

/** The clicks of an answer and the size the picture was shown at; null when malformed. */
export function parseClickInfo(info: string): { clicks: Pt[]; width: number; height: number } | null {
  const match = CLICK_INFO.exec(info.trim());
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!(width > 0 && height > 0)) return null;
  const clicks = (match[1] ?? '').split('-').map((pair): Pt => {
    const [x = '', y = ''] = pair.split(',');
    return [Number(x), Number(y)];
  });
  return { clicks, width, height };
}

/** True when the answer has one click per target, each inside its target's box, in order. */
export function clickAnswerMatches(challenge: ClickChallenge, info: string): boolean {
  const answer = parseClickInfo(info);
  if (!answer || answer.clicks.length !== challenge.text.length || challenge.text.length === 0) return false;
  const sx = challenge.width / answer.width;
  const sy = challenge.height / answer.height;
  return challenge.text.every((target, k) => {
    const [cx, cy] = answer.clicks[k] as Pt;
    const x = cx * sx;
    const y = cy * sy;
    return x >= target.x && x <= target.x + target.width && y >= target.y && y <= target.y + target.height;
  });
}

/** Reads a stored challenge back; null when it is not one. */
export function readClickChallenge(stored: string | null | undefined): ClickChallenge | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as ClickChallenge;
    if (!Array.isArray(value?.text) || !(value.width > 0) || !(value.height > 0)) return null;
    return value;
  } catch {
    return null;
  }
}
