/**
 * A config item's input attributes as both clients read them (`input_extend`): the original's
 * stored `baInputExtend` (a taken-over site's items), a seeded remote select's source, nothing
 * for text that is not JSON.
 */
import { describe, expect, it } from 'vitest';
import { inputExtend } from '../../src/features/routine/config-input-extend.js';

describe('config input attributes', () => {
  it("reads the original's baInputExtend out of the stored extend", () => {
    expect(inputExtend({ name: 'notes', extend: '{"size":"large","baInputExtend":{"rows":5}}' })).toEqual({
      rows: 5,
    });
  });

  it("names the seeded home page's source, and nothing for plain or broken extends", () => {
    expect(inputExtend({ name: 'home_page', extend: '' })).toMatchObject({
      remoteUrl: '/admin/content.Content/index',
      field: 'title',
    });
    expect(inputExtend({ name: 'site_name', extend: 'class="x"' })).toEqual({});
    expect(inputExtend({ name: 'site_name', extend: null })).toEqual({});
    expect(inputExtend({ name: 'site_name', extend: '{"baInputExtend":[1]}' })).toEqual({});
  });
});
