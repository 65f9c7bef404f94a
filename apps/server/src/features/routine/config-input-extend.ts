/**
 * A config item's input attributes, answered apart as `input_extend`, as the original's Config
 * model answers them (from `baInputExtend` in the stored `extend` JSON): both clients hand them
 * to the item's input. A seeded remote select also says where its choices come from; without it
 * the original client asks the site's root for options and shows the HTML it gets as an error.
 */
import { AdminController, adminUrl } from '@portico/shared';
import { HOME_PAGE_SETTING } from '../../db/seed/public-home.js';

type InputExtend = Record<string, unknown>;

/** The seeded remote selects' sources, in the original's RemoteSelect props. */
const SEEDED_SOURCES: Record<string, InputExtend> = {
  // The home page is a published content page.
  [HOME_PAGE_SETTING]: {
    remoteUrl: adminUrl(AdminController.content, 'index'),
    pk: 'id',
    field: 'title',
    params: {
      search: [
        { field: 'kind', val: 'page', operator: '=' },
        { field: 'status', val: '1', operator: '=' },
      ],
    },
  },
};

const isObject = (value: unknown): value is InputExtend =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function inputExtend(row: { name: string; extend: string | null }): InputExtend {
  let stored: unknown;
  try {
    stored = (JSON.parse(row.extend || '{}') as { baInputExtend?: unknown } | null)?.baInputExtend;
  } catch {
    // Portico stores `extend` as typed: text that is not JSON holds no input attributes.
  }
  return { ...SEEDED_SOURCES[row.name], ...(isObject(stored) ? stored : {}) };
}
