/** Public articles and pages: `/api/content/index`. */

import { ApiController, apiUrl } from '@portico/shared';
import { createAxios } from '@portico/web-sdk/request';

export type ContentKind = 'article' | 'page';

export interface PublicContent {
  id: number;
  kind: ContentKind;
  title: string;
  /** HTML, sanitized by the server (and again before it is rendered). */
  body: string;
  create_time: number | null;
  update_time: number | null;
}

/** Missing and unpublished content both answer code 0; the page shows its 404 for them, no popup. */
export function publicContent(kind: ContentKind, id: string) {
  return createAxios<{ content: PublicContent; siteName: string; homeUrl: string; timeZone: string }>(
    { url: apiUrl(ApiController.content, 'index'), method: 'get', params: { kind, id } },
    { showCodeMessage: false },
  );
}
