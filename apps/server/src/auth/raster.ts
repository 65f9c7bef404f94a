/**
 * A small software rasteriser and PNG encoder for captcha pictures: SVG path data is parsed and
 * flattened into polygons, filled (nonzero rule) or stroked with anti-aliasing into an RGB
 * buffer, and written as a PNG with node's zlib. No canvas, fonts or native packages.
 */
import { deflateSync } from 'node:zlib';

export type Pt = readonly [number, number];
export type Rgb = readonly [number, number, number];

const CURVE_STEPS = 10;
const SUBSAMPLES = 4;

/** Parses SVG path data (all commands, absolute and relative) into flattened subpaths. */
export function flattenPath(d: string): Pt[][] {
  const tokens = d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  let i = 0;
  const num = (): number => {
    const t = tokens[i++];
    if (t === undefined || /[A-Za-z]/.test(t)) throw new Error(`path data: a number expected in ${d}`);
    return Number(t);
  };
  // Arc flags may be written without separators ("a1 1 0 011 1"): take one digit at a time.
  const flag = (): number => {
    const t = tokens[i] ?? '';
    if (t[0] !== '0' && t[0] !== '1') throw new Error(`path data: an arc flag expected in ${d}`);
    if (t.length === 1) i++;
    else tokens[i] = t.slice(1);
    return Number(t[0]);
  };
  const isNum = (): boolean => i < tokens.length && !/[A-Za-z]/.test(tokens[i] ?? '');

  const subpaths: Pt[][] = [];
  let current: Pt[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let lastCtrl: Pt | null = null; // for S/T reflection
  let lastCmd = '';
  const lineTo = (nx: number, ny: number): void => {
    current.push([nx, ny]);
    x = nx;
    y = ny;
  };
  const cubic = (c1: Pt, c2: Pt, end: Pt): void => {
    const [x0, y0] = [x, y];
    for (let s = 1; s <= CURVE_STEPS; s++) {
      const t = s / CURVE_STEPS;
      const u = 1 - t;
      current.push([
        u * u * u * x0 + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * end[0],
        u * u * u * y0 + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * end[1],
      ]);
    }
    [x, y] = end;
  };
  const quad = (c: Pt, end: Pt): void => {
    cubic(
      [x + (2 / 3) * (c[0] - x), y + (2 / 3) * (c[1] - y)],
      [end[0] + (2 / 3) * (c[0] - end[0]), end[1] + (2 / 3) * (c[1] - end[1])],
      end,
    );
  };

  let cmd = '';
  while (i < tokens.length) {
    if (!isNum()) cmd = tokens[i++] ?? '';
    else if (cmd === 'M') cmd = 'L';
    else if (cmd === 'm') cmd = 'l';
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    let ctrl: Pt | null = null;
    switch (cmd.toUpperCase()) {
      case 'M': {
        if (current.length > 1) subpaths.push(current);
        const nx = ox + num();
        const ny = oy + num();
        current = [[nx, ny]];
        x = startX = nx;
        y = startY = ny;
        break;
      }
      case 'L':
        lineTo(ox + num(), oy + num());
        break;
      case 'H':
        lineTo(ox + num(), y);
        break;
      case 'V':
        lineTo(x, oy + num());
        break;
      case 'C': {
        const c1: Pt = [ox + num(), oy + num()];
        const c2: Pt = [ox + num(), oy + num()];
        cubic(c1, c2, [ox + num(), oy + num()]);
        ctrl = c2;
        break;
      }
      case 'S': {
        const c1: Pt =
          lastCtrl && /[CS]/i.test(lastCmd) ? [2 * x - lastCtrl[0], 2 * y - lastCtrl[1]] : [x, y];
        const c2: Pt = [ox + num(), oy + num()];
        cubic(c1, c2, [ox + num(), oy + num()]);
        ctrl = c2;
        break;
      }
      case 'Q': {
        const c: Pt = [ox + num(), oy + num()];
        quad(c, [ox + num(), oy + num()]);
        ctrl = c;
        break;
      }
      case 'T': {
        const c: Pt = lastCtrl && /[QT]/i.test(lastCmd) ? [2 * x - lastCtrl[0], 2 * y - lastCtrl[1]] : [x, y];
        quad(c, [ox + num(), oy + num()]);
        ctrl = c;
        break;
      }
      case 'A': {
        const rx = num();
        const ry = num();
        const rotation = num();
        const large = flag();
        const sweep = flag();
        arc(current, [x, y], rx, ry, rotation, large, sweep, [ox + num(), oy + num()]);
        [x, y] = current[current.length - 1] ?? [x, y];
        break;
      }
      case 'Z':
        current.push([startX, startY]);
        subpaths.push(current);
        current = [[startX, startY]];
        x = startX;
        y = startY;
        break;
      default:
        throw new Error(`path data: unknown command ${cmd} in ${d}`);
    }
    lastCtrl = ctrl;
    lastCmd = cmd;
  }
  if (current.length > 1) subpaths.push(current);
  return subpaths;
}

/** Appends an elliptical arc (SVG endpoint parameterisation) to `out`. */
function arc(
  out: Pt[],
  from: Pt,
  rxIn: number,
  ryIn: number,
  deg: number,
  large: number,
  sweep: number,
  to: Pt,
): void {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (from[0] === to[0] && from[1] === to[1])) {
    out.push(to);
    return;
  }
  const phi = (deg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const coef = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cx1 = (coef * rx * y1) / ry;
  const cy1 = (-coef * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number =>
    Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = Math.max(4, Math.ceil((Math.abs(delta) / (Math.PI / 2)) * CURVE_STEPS));
  for (let s = 1; s <= steps; s++) {
    const t = theta + (delta * s) / steps;
    const ex = rx * Math.cos(t);
    const ey = ry * Math.sin(t);
    out.push(s === steps ? to : [cos * ex - sin * ey + cx, sin * ex + cos * ey + cy]);
  }
}

/** An RGB picture that shapes are painted into. */
export class Raster {
  private readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Float32Array(width * height * 3);
    for (let p = 0; p < width * height; p++) this.pixels.set(background, p * 3);
  }

  /** Paints every pixel: `colour(x, y)` gives its colour (a background gradient, say). */
  paint(colour: (x: number, y: number) => Rgb): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) this.pixels.set(colour(x, y), (y * this.width + x) * 3);
    }
  }

  /** Fills closed polygons by the nonzero rule, anti-aliased. */
  fill(polygons: readonly (readonly Pt[])[], colour: Rgb, alpha = 1): void {
    const edges: [number, number, number, number][] = [];
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const poly of polygons) {
      for (let k = 0; k < poly.length; k++) {
        const a = poly[k] as Pt;
        const b = poly[(k + 1) % poly.length] as Pt;
        if (a[1] === b[1]) continue;
        edges.push([a[0], a[1], b[0], b[1]]);
        minY = Math.min(minY, a[1], b[1]);
        maxY = Math.max(maxY, a[1], b[1]);
      }
    }
    if (edges.length === 0) return;
    const row = new Float32Array(this.width);
    const crossings: [number, number][] = [];
    const y0 = Math.max(0, Math.floor(minY));
    const y1 = Math.min(this.height - 1, Math.ceil(maxY));
    for (let py = y0; py <= y1; py++) {
      row.fill(0);
      let touched = false;
      for (let s = 0; s < SUBSAMPLES; s++) {
        const sy = py + (s + 0.5) / SUBSAMPLES;
        crossings.length = 0;
        for (const [ax, ay, bx, by] of edges) {
          if ((sy >= ay && sy < by) || (sy >= by && sy < ay)) {
            crossings.push([ax + ((sy - ay) * (bx - ax)) / (by - ay), by > ay ? 1 : -1]);
          }
        }
        if (crossings.length < 2) continue;
        crossings.sort((p, q) => p[0] - q[0]);
        let winding = 0;
        let start = 0;
        for (const [cx, dir] of crossings) {
          const before = winding;
          winding += dir;
          if (before === 0 && winding !== 0) start = cx;
          else if (before !== 0 && winding === 0) {
            addSpan(row, start, cx, 1 / SUBSAMPLES);
            touched = true;
          }
        }
      }
      if (touched) this.blend(py, 0, row, colour, alpha);
    }
  }

  /** Strokes polylines with round joins and caps, anti-aliased. */
  stroke(polylines: readonly (readonly Pt[])[], lineWidth: number, colour: Rgb, alpha = 1): void {
    const r = lineWidth / 2;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const line of polylines) {
      for (const [x, y] of line) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
    // The pixels the stroke may touch, and the coverage of each (the largest of its segments').
    const left = Math.max(0, Math.floor(minX - r - 1));
    const top = Math.max(0, Math.floor(minY - r - 1));
    const right = Math.min(this.width - 1, Math.ceil(maxX + r + 1));
    const bottom = Math.min(this.height - 1, Math.ceil(maxY + r + 1));
    if (right < left || bottom < top) return;
    const span = right - left + 1;
    const cover = new Float32Array(span * (bottom - top + 1));
    for (const line of polylines) {
      for (let k = 0; k < Math.max(1, line.length - 1); k++) {
        const a = line[k] as Pt;
        const b = (line[k + 1] ?? a) as Pt;
        const x0 = Math.max(left, Math.floor(Math.min(a[0], b[0]) - r - 1));
        const x1 = Math.min(right, Math.ceil(Math.max(a[0], b[0]) + r + 1));
        const y0 = Math.max(top, Math.floor(Math.min(a[1], b[1]) - r - 1));
        const y1 = Math.min(bottom, Math.ceil(Math.max(a[1], b[1]) + r + 1));
        for (let py = y0; py <= y1; py++) {
          for (let px = x0; px <= x1; px++) {
            const c = Math.min(1, Math.max(0, r + 0.5 - segmentDistance(px + 0.5, py + 0.5, a, b)));
            const at = (py - top) * span + px - left;
            if (c > (cover[at] ?? 0)) cover[at] = c;
          }
        }
      }
    }
    for (let py = top; py <= bottom; py++) {
      const row = cover.subarray((py - top) * span, (py - top + 1) * span);
      this.blend(py, left, row, colour, alpha);
    }
  }

  /** The picture as a PNG file (8-bit RGB). */
  png(): Buffer {
    const { width, height } = this;
    const raw = Buffer.alloc((width * 3 + 1) * height);
    for (let y = 0; y < height; y++) {
      const line = y * (width * 3 + 1);
      raw[line] = 0; // filter: none
      for (let k = 0; k < width * 3; k++) {
        raw[line + 1 + k] = Math.round(Math.min(255, Math.max(0, this.pixels[y * width * 3 + k] ?? 0)));
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  /** Blends `colour` into row `py` from column `left` on, each pixel by its coverage times `alpha`. */
  private blend(py: number, left: number, cover: Float32Array, colour: Rgb, alpha: number): void {
    for (let k = 0; k < cover.length && left + k < this.width; k++) {
      const a = Math.min(1, cover[k] ?? 0) * alpha;
      if (a <= 0) continue;
      const at = (py * this.width + left + k) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const old = this.pixels[at + ch] ?? 0;
        this.pixels[at + ch] = old + ((colour[ch] ?? 0) - old) * a;
      }
    }
  }
}

/** Adds `weight` times the horizontal coverage of [a, b) to the pixels of one row. */
function addSpan(row: Float32Array, a: number, b: number, weight: number): void {
  const from = Math.max(0, a);
  const to = Math.min(row.length, b);
  if (to <= from) return;
  const ia = Math.floor(from);
  const ib = Math.floor(to);
  if (ia === ib) {
    row[ia] = (row[ia] ?? 0) + (to - from) * weight;
    return;
  }
  row[ia] = (row[ia] ?? 0) + (ia + 1 - from) * weight;
  for (let k = ia + 1; k < ib; k++) row[k] = (row[k] ?? 0) + weight;
  if (ib < row.length) row[ib] = (row[ib] ?? 0) + (to - ib) * weight;
}

function segmentDistance(px: number, py: number, a: Pt, b: Pt): number {
  const vx = b[0] - a[0];
  const vy = b[1] - a[1];
  const len = vx * vx + vy * vy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - a[0]) * vx + (py - a[1]) * vy) / len));
  return Math.hypot(px - a[0] - t * vx, py - a[1] - t * vy);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}
