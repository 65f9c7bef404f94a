/**
 * What an export writes: the list's shown columns (not the hidden ones, not the row buttons),
 * titled and valued as the administrator reads them, in the interface's language.
 */
import type { ExportColumn, ExportRender } from '@portico/shared';
import type { Column, Row } from './types';

type Translate = (key: string) => string;

export function exportColumns<R extends Row>(
  columns: Column<R>[],
  hidden: ReadonlySet<string>,
  t: Translate,
): ExportColumn[] {
  return columns
    .filter((column) => !hidden.has(column.prop))
    .map((column) => {
      const exported: ExportColumn = { prop: column.prop, title: t(column.label) };
      const render = renderOf(column);
      if (render !== 'text') exported.render = render;
      if ((render === 'tag' || render === 'tags') && column.replaceValue) {
        exported.values = Object.fromEntries(
          Object.entries(column.replaceValue).map(([value, label]) => [value, t(label)]),
        );
      }
      return exported;
    });
}

/**
 * Times as the list shows them; a tag or switch with labels as its label, tag lists each
 * through theirs; the rest (text, links, images, icons, colours, a screen's own cells) as stored.
 */
function renderOf<R extends Row>(column: Column<R>): ExportRender {
  switch (column.render) {
    case 'datetime':
      return 'datetime';
    case 'tag':
    case 'switch':
      return column.replaceValue ? 'tag' : 'text';
    case 'tags':
      return 'tags';
    case undefined:
      // Plain cells show a label too when the column has them.
      return column.replaceValue ? 'tag' : 'text';
    default:
      return 'text';
  }
}
