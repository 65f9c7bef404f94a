/**
 * What the resource helper needs of the app, declared here rather than imported from
 * context.ts: the list engine sits below the app that assembles it (docs/architecture.md,
 * "Layers"). The app's AppContext has all of these, so `registerResource(app, ctx, spec)` is
 * called with it as it is.
 */
import type { RemarkSources } from '../auth/rule-remarks.js';
import type { CacheVersions } from '../db/cache-versions.js';
import type { Db } from '../db/connection.js';
import type { RouteServices, SettingReader } from '../http/route-services.js';
import type { ListDialect } from './list-dialect.js';
import type { WriteCaptures } from './write-context.js';

/** What reading a list needs: the database, its list strategy and the `time_zone` setting. */
export interface ListReader {
  db: Db;
  dialect: ListDialect;
  settings: SettingReader;
}

/** What writing rows needs: the database, and the caches to drop after a back-office write. */
export interface RowWriter {
  db: Db;
  caches: CacheVersions;
}

export interface ResourceServices extends RouteServices, RemarkSources, RowWriter {
  /** The data-recycle and sensitive-data captures around resource writes. */
  captures: WriteCaptures;
}
