/**
 * PostgreSQL's text search reads a far stretch of matches from a sampled one
 * (crud/match-stretch.ts), and walks matches spread thinly over the table: which of the two the
 * sample shows decides between a read that rechecks every row sharing the text's trigrams and
 * a walk of a few thousand rows.
 */
import { describe, expect, it } from 'vitest';
import { sampledStretch } from '../../src/crud/match-stretch.js';

/** Ids sampled every `step` from `from` downwards (the list's order, newest first). */
const sampledDown = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, k) => from - k * step);

describe('sampledStretch', () => {
  const span = 10_000_000;
  const sampled = sampledDown(9_980_000, 11_089, 900);

  it('takes matches met at neighbouring samples, within half the table, for a stretch', () => {
    const stretch = sampled.slice(400, 409);
    expect(sampledStretch(sampled, stretch, span)).toBe(true);
    // A stretch where not every sampled id matches: most still have a matching neighbour.
    const gappy = [...sampled.slice(400, 403), ...sampled.slice(404, 407)];
    expect(sampledStretch(sampled, gappy, span)).toBe(true);
  });

  it('does not take thinly spread matches for one, even when chance puts five within half the table', () => {
    // An IP's log entries, one in 256 over ten million rows: five of 900 sampled ids, none
    // beside another, all within 3.9 million ids of each other.
    const lone = [600, 630, 700, 740, 880].map((k) => sampled[k] as number);
    expect(Math.abs((lone[4] as number) - (lone[0] as number)) * 2).toBeLessThan(span);
    expect(sampledStretch(sampled, lone, span)).toBe(false);
  });

  it('needs five matches, within half the table', () => {
    expect(sampledStretch(sampled, sampled.slice(400, 404), span)).toBe(false);
    const apart = [...sampled.slice(10, 13), ...sampled.slice(800, 803)];
    expect(sampledStretch(sampled, apart, span)).toBe(false);
  });
});
