import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type ClickChallenge,
  clickAnswerMatches,
  drawClickCaptcha,
  isClickAnswer,
  parseClickInfo,
} from '../../src/auth/click-captcha.js';
import { CLICK_CAPTCHA_ICONS } from '../../src/auth/click-captcha-icons.js';
import { flattenPath, Raster } from '../../src/auth/raster.js';

const target = (x: number, y: number, width: number, height: number) => ({
  icon: true,
  name: 'apple',
  text: '<apple>',
  size: 30,
  x,
  y,
  width,
  height,
});
const challenge: ClickChallenge = {
  text: [target(10, 20, 30, 40), target(200, 100, 20, 20)],
  width: 350,
  height: 200,
};

describe('click answers', () => {
  it('are told from typed answers by their shape', () => {
    expect(isClickAnswer('12,30-40,50;350;200')).toBe(true);
    expect(isClickAnswer('AB7K')).toBe(false);
  });

  it('parse into clicks and the size shown', () => {
    expect(parseClickInfo('12,30-40.5,50;350;200')).toEqual({
      clicks: [
        [12, 30],
        [40.5, 50],
      ],
      width: 350,
      height: 200,
    });
    for (const bad of [
      '',
      '1,2',
      '1,2;350',
      '1,2;0;200',
      '1,2;350;0',
      '-1,2;350;200',
      '1,2-;350;200',
      'x,y;1;1',
    ]) {
      expect(parseClickInfo(bad)).toBeNull();
    }
  });

  it('match only one click per target, each inside its box (edges included), in order', () => {
    expect(clickAnswerMatches(challenge, '10,20-220,120;350;200')).toBe(true);
    expect(clickAnswerMatches(challenge, '40,60-200,100;350;200')).toBe(true);
    expect(clickAnswerMatches(challenge, '41,60-200,100;350;200')).toBe(false);
    expect(clickAnswerMatches(challenge, '10,19-200,100;350;200')).toBe(false);
    expect(clickAnswerMatches(challenge, '210,110-20,30;350;200')).toBe(false); // swapped
    expect(clickAnswerMatches(challenge, '20,30;350;200')).toBe(false); // fewer
    expect(clickAnswerMatches(challenge, '20,30-210,110-210,110;350;200')).toBe(false); // more
    // Scaled back from the size the picture was shown at.
    expect(clickAnswerMatches(challenge, '10,15-105,55;175;100')).toBe(true);
    expect(clickAnswerMatches(challenge, '20,30-210,110;175;100')).toBe(false);
    expect(clickAnswerMatches({ ...challenge, text: [] }, ';350;200')).toBe(false);
  });
});

describe('drawClickCaptcha', () => {
  it('places the targets apart, inside the picture, labelled in the language asked', () => {
    for (let i = 0; i < 40; i++) {
      const lang = i % 2 ? 'en' : 'zh-cn';
      const { labels, png, challenge: drawn } = drawClickCaptcha(lang);
      expect(labels).toEqual(drawn.text.map((t) => t.text));
      expect(new Set(labels).size).toBe(labels.length);
      for (const t of drawn.text) {
        expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.y).toBeGreaterThanOrEqual(0);
        expect(t.x + t.width).toBeLessThanOrEqual(350);
        expect(t.y + t.height).toBeLessThanOrEqual(200);
        const icon = CLICK_CAPTCHA_ICONS.find((candidate) => candidate.en === t.name);
        if (t.icon) expect(t.text).toBe(`<${lang === 'en' ? icon?.en : icon?.zh}>`);
        else expect(t.text).toBe(t.name);
      }
      const [a, b] = drawn.text;
      if (!a || !b) throw new Error('two targets expected');
      expect(
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
      ).toBe(true);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
  });

  it('draws something in each target box (the picture is pixels, not text)', () => {
    const { png, challenge: drawn } = drawClickCaptcha('en');
    // Read the PNG back: one IDAT chunk, filter byte 0 on each row, RGB.
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const pixel = (x: number, y: number) => {
      const at = y * (350 * 3 + 1) + 1 + x * 3;
      return [raw[at] ?? 0, raw[at + 1] ?? 0, raw[at + 2] ?? 0];
    };
    for (const t of drawn.text) {
      // The darkest pixel of the box is much darker than the light background.
      let darkest = 255 * 3;
      for (let y = t.y; y < t.y + t.height; y++) {
        for (let x = t.x; x < t.x + t.width; x++)
          darkest = Math.min(
            darkest,
            pixel(x, y).reduce((s, v) => s + v),
          );
      }
      expect(darkest).toBeLessThan(450);
    }
  });
});

describe('the icons', () => {
  it('all parse, fill and have distinct labels in both languages', () => {
    expect(new Set(CLICK_CAPTCHA_ICONS.map((i) => i.en)).size).toBe(CLICK_CAPTCHA_ICONS.length);
    expect(new Set(CLICK_CAPTCHA_ICONS.map((i) => i.zh)).size).toBe(CLICK_CAPTCHA_ICONS.length);
    for (const icon of CLICK_CAPTCHA_ICONS) {
      const shape = flattenPath(icon.d);
      expect(shape.length).toBeGreaterThan(0);
      for (const poly of shape) {
        for (const [x, y] of poly) {
          // About the 64..960 square (a few outlines overshoot it a little).
          expect(x).toBeGreaterThanOrEqual(32);
          expect(x).toBeLessThanOrEqual(992);
          expect(y).toBeGreaterThanOrEqual(32);
          expect(y).toBeLessThanOrEqual(992);
        }
      }
    }
  });
});

describe('flattenPath', () => {
  it('reads arcs with packed flags and relative commands', () => {
    // A half circle of radius 10 from (0,0) to (20,0), then back along the diameter.
    const [half] = flattenPath('M0 0a10 10 0 0120 0z');
    expect(half?.[0]).toEqual([0, 0]);
    const ys = (half ?? []).map(([, y]) => y);
    expect(Math.max(...ys.map(Math.abs))).toBeCloseTo(10, 0);
    const raster = new Raster(30, 30, [255, 255, 255]);
    raster.fill(flattenPath('M5 5h20v20h-20z'), [0, 0, 0]);
    expect(raster.png().length).toBeGreaterThan(50);
  });
});
