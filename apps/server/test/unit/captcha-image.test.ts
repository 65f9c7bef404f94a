import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, randomCaptchaText, renderCaptchaSvg } from '../../src/auth/captcha-image.js';

const glyphPaths = (svg: string): string[] =>
  [...svg.matchAll(/<g class="c"[^>]*><path d="([^"]*)"\/><\/g>/g)].map((m) => m[1] ?? '');

describe('CAPTCHA_ALPHABET', () => {
  it('leaves out look-alike characters', () => {
    expect(CAPTCHA_ALPHABET).toBe('23456789ABCDEFGHJKLMNPRTUVWXY');
    for (const ch of '01IOQSZ') expect(CAPTCHA_ALPHABET).not.toContain(ch);
  });
});

describe('randomCaptchaText', () => {
  it('gives the requested number of alphabet characters', () => {
    for (const length of [4, 5, 6]) {
      for (let i = 0; i < 50; i++) {
        const text = randomCaptchaText(length);
        expect(text).toHaveLength(length);
        for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
      }
    }
  });

  it('rejects lengths outside 4 to 6', () => {
    for (const length of [3, 7, 0, -4, 4.5, Number.NaN]) {
      expect(() => randomCaptchaText(length)).toThrow(RangeError);
    }
  });

  it('differs between calls', () => {
    const draws = new Set(Array.from({ length: 20 }, () => randomCaptchaText(4)));
    expect(draws.size).toBeGreaterThan(1);
  });
});

describe('renderCaptchaSvg', () => {
  it('returns a standalone SVG document of the default size', () => {
    const svg = renderCaptchaSvg('ABCD');
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="130" height="48" viewBox="0 0 130 48"'),
    ).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<rect');
    const paths = svg.match(/<path /g) ?? [];
    expect(paths.length).toBeGreaterThan(4);
    expect(svg.match(/<path d="[^"]+"/g)).toHaveLength(paths.length);
    expect(svg.match(/<circle /g)?.length ?? 0).toBeGreaterThanOrEqual(6);
  });

  it('honours width and height', () => {
    const svg = renderCaptchaSvg('X7K9P', { width: 200, height: 60 });
    expect(svg).toContain('width="200" height="60" viewBox="0 0 200 60"');
  });

  it('never puts the answer or any text into the markup', () => {
    for (const answer of ['ABCD', 'X7K9P', '2345', 'HJKLMN', randomCaptchaText(6)]) {
      for (let i = 0; i < 20; i++) {
        const svg = renderCaptchaSvg(answer);
        expect(svg).not.toContain(answer);
        expect(svg).not.toMatch(/<text|<title|<desc|<!--|font/i);
        // Stronger: no run of 4 alphabet characters at all, so no answer can appear by chance.
        expect(svg).not.toMatch(/[2-9A-Z]{4}/);
      }
    }
  });

  it('draws one glyph group per character, different on every render', () => {
    for (const answer of ['ABCD', 'X7K9P', 'HJKLMN']) {
      const svg = renderCaptchaSvg(answer);
      expect(svg.match(/<g class="c"/g)).toHaveLength(answer.length);
      expect(glyphPaths(svg)).toHaveLength(answer.length);
    }
    // The same character must not map to a fixed path string that a lookup table could learn.
    const first = glyphPaths(renderCaptchaSvg('AAAA'));
    expect(new Set(first).size).toBe(4);
  });

  it('keeps glyphs inside the image, apart from each other', () => {
    for (let i = 0; i < 50; i++) {
      const svg = renderCaptchaSvg(randomCaptchaText(4 + (i % 3)));
      const boxes = glyphPaths(svg).map((d) => {
        const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
        const xs = points.map((p) => p[0] ?? Number.NaN);
        const ys = points.map((p) => p[1] ?? Number.NaN);
        return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
      });
      for (const box of boxes) {
        expect(box.minX).toBeGreaterThanOrEqual(0);
        expect(box.maxX).toBeLessThanOrEqual(130);
        expect(box.minY).toBeGreaterThanOrEqual(0);
        expect(box.maxY).toBeLessThanOrEqual(48);
      }
      // Curves stay inside their control points' hull, so disjoint x-ranges mean no overlap.
      for (let j = 1; j < boxes.length; j++) {
        expect(boxes[j - 1]?.maxX ?? Number.NaN).toBeLessThan(boxes[j]?.minX ?? Number.NaN);
      }
    }
  });

  it('has a non-empty glyph for every alphabet character', () => {
    for (const ch of CAPTCHA_ALPHABET) {
      const [d] = glyphPaths(renderCaptchaSvg(ch));
      expect(d, ch).toMatch(/^M [\d.]+,[\d.]+( C [\d., ]+)+/);
      expect(d, ch).not.toContain('NaN');
    }
  });

  it('rejects characters outside the alphabet and bad sizes', () => {
    for (const text of ['ABC1', 'abcd', 'AB O', 'S', '', 'ABCDEFGHJ']) {
      expect(() => renderCaptchaSvg(text)).toThrow(RangeError);
    }
    expect(() => renderCaptchaSvg('ABCD', { width: 0 })).toThrow(RangeError);
    expect(() => renderCaptchaSvg('ABCD', { height: 1000 })).toThrow(RangeError);
    expect(() => renderCaptchaSvg('ABCD', { width: 12.5 })).toThrow(RangeError);
  });
});
