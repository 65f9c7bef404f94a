/**
 * PostgreSQL's list LIKE is ILIKE only where ignoring case can change the matches
 * (crud/list-dialect.ts): a search for an IP or a phone number is a plain LIKE, three times
 * cheaper a row, and must still match exactly what ILIKE would.
 */
import { describe, expect, it } from 'vitest';
import { caseMatters, escapeLike } from '../../src/crud/like-pattern.js';

describe('caseMatters', () => {
  it('is false for text without case: digits, punctuation, spaces, Chinese, escaped wildcards', () => {
    for (const text of ['172.16.99.', '13888', '2026-11-29 10:00', '会员管理', '登录', '!%50!_', ''])
      expect(caseMatters(`%${text}%`), text).toBe(false);
    expect(caseMatters(`%${escapeLike('100%_')}%`)).toBe(false);
  });

  it('is true as soon as one character has a case, in any script', () => {
    for (const text of ['ip 10.0', 'A', 'z9', 'Émile', 'straße', 'Ωmega', 'ı', '会员a'])
      expect(caseMatters(`%${text}%`), text).toBe(true);
  });

  it('is true for a combining mark, which lower-casing a value can produce (İ → i + U+0307)', () => {
    expect('İ'.toLowerCase()).toBe('i\u0307');
    expect(caseMatters('%\u0307%')).toBe(true);
  });
});
