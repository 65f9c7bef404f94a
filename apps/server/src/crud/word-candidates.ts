/**
 * PostgreSQL: a text search's candidates read through fewer trigrams, for the read past a sampled
 * match (crud/match-stretch.ts), which proves that no match lies past it.
 *
 * pg_trgm reads the postings of every trigram of the pattern in full: the 16 trigrams of
 * `data import-run`, each held by the same 100,000 log entries of an import run, took 24 ms of
 * that read at ten million entries. One word of the text (`run`: 4 trigrams) holds every row the
 * whole text holds, so its matches are candidates, rechecked against the whole search; when the
 * planner expects the word to match about as few rows as the text, its read costs a quarter as
 * much and the recheck little (7.5 ms for the same proof).
 *
 * Only a search with one text (a quick search or one LIKE) of two words or more is narrowed: a
 * word's search is then the text's with that word in its place, which holds every row the text's
 * does (each LIKE is a "contains", a quick search's fields are the text's or more, its seeded
 * labels those containing the text or more).
 */
import type { Db } from '../db/connection.js';
import type { ListParams } from './list-params.js';
import type { AnySelect } from './query-types.js';
import { plannedMatches } from './table-estimate.js';

/** How many times the text's own estimate a word may be expected to match and still be read instead. */
const WORD_MATCHES_AT_MOST = 2;
/** Words weighed at most (an EXPLAIN each, under a millisecond): the text's first ones. */
const WORDS_WEIGHED = 6;

/** The list's filters with `params` in place of the request's, in the form read through an index. */
export type Refilter = (params: ListParams) => AnySelect;

/** The search's text and its replacement by a word, when the search has exactly one text. */
function searchedText(params: ListParams): { text: string; withText(word: string): ListParams } | null {
  const likes = params.search.filter((item) => item.operator === 'LIKE' && typeof item.val === 'string');
  if (params.quickSearch && likes.length === 0)
    return { text: params.quickSearch, withText: (word) => ({ ...params, quickSearch: word }) };
  const [like] = likes;
  if (params.quickSearch || likes.length !== 1 || !like) return null;
  return {
    text: like.val as string,
    withText: (word) => ({
      ...params,
      search: params.search.map((item) => (item === like ? { ...item, val: word } : item)),
    }),
  };
}

/** The words pg_trgm would index the text by (letters and digits), three characters or more. */
function textWords(text: string): string[] {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= 3);
  return [...new Set(words)];
}

/**
 * The search with its text narrowed to one word: of the words the planner expects to match at
 * most WORD_MATCHES_AT_MOST times the text's `estimate`, the one it costs lowest (its index
 * read grows with the word's trigrams: `run` 4, `data` 5, `import` 7); null when none
 * qualifies. The words' matches tie, as here, when they occur only together.
 */
export async function narrowestWord(
  db: Db,
  params: ListParams,
  refilter: Refilter,
  estimate: number,
): Promise<AnySelect | null> {
  const searched = searchedText(params);
  const words = searched ? textWords(searched.text).slice(0, WORDS_WEIGHED) : [];
  if (!searched || words.length < 2) return null;
  let best: { query: AnySelect; cost: number } | null = null;
  for (const word of words) {
    const query = refilter(searched.withText(word));
    const plan = await plannedMatches(db, query);
    if (plan.rows <= estimate * WORD_MATCHES_AT_MOST && (!best || plan.cost < best.cost))
      best = { query, cost: plan.cost };
  }
  return best?.query ?? null;
}
