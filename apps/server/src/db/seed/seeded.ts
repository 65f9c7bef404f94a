/**
 * Install data stores its labels (rule titles, group names...) in Chinese, as the original
 * product's install data does, so a database taken over from it holds the same text. Each
 * seeded label carries its English beside it; English screens show that English while the
 * stored label is still the seeded one (src/i18n/seeded-titles.ts).
 */

/** A seeded label: the Chinese stored in the database, and its English. */
export type SeedTitle = readonly [zh: string, en: string];

/** A seeded row and the English of the label it stores in Chinese (or of its several texts). */
export interface Seeded<Row, English = string> {
  row: Row;
  en: English;
}

export function rowsOf<Row, English>(seeded: readonly Seeded<Row, English>[]): Row[] {
  return seeded.map((item) => item.row);
}
