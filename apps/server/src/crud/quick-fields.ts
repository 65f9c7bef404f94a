/**
 * The quick-search fields a text can be found in. A number or time field is an integer column,
 * whose text holds only digits and a minus sign: a text with any other character is in none of
 * its values, so that field's LIKE is left out and the answer stays the same. Without this, a
 * quick search over `id` and a title (the original designer's usual choice) would scan the
 * table for every text, beside the title's search index.
 *
 * A leaf of crud/: it imports only the list parameters' types.
 */
import type { ListSpec } from './list-params.js';

const INTEGER_TEXT = /^[0-9-]*$/;

export function quickFieldsFor(spec: ListSpec, text: string): string[] {
  if (INTEGER_TEXT.test(text)) return spec.quickSearch;
  return spec.quickSearch.filter((name) => spec.fields[name]?.type === 'string');
}
