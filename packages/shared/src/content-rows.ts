/** Rows of content: the public articles and pages. */
import type { StoredTime, SwitchFlag } from './row-fields.js';

/** What content.Content stores: an article (dated, listed) or a page (at its own address). */
export const CONTENT_KINDS = ['article', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** content.Content. */
export interface ContentRow {
  id: number;
  kind: ContentKind;
  title: string;
  /** Sanitized HTML; only in the edit form. */
  body?: string | null;
  status: SwitchFlag;
  weigh: number;
  create_time: StoredTime;
  update_time: StoredTime;
}
