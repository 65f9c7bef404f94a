/**
 * Runs the TypeScript migrations (defined in code, not discovered on disk, so a bundled or
 * relocated server finds them). The migration bookkeeping tables carry the table prefix
 * too, so two installs can share a database.
 */
import { type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { schemaMigration } from './migrations/0001-schema.js';
import { installDataMigration } from './migrations/0002-install-data.js';
import { searchIndexMigration } from './migrations/0003-search-index.js';
import { contentAndSmsMigration } from './migrations/0004-content-and-sms.js';
import { securityHistoryMigration } from './migrations/0005-security-history.js';
import { maskAdminLogSecretsMigration } from './migrations/0006-mask-admin-log-secrets.js';
import { tokenFamiliesMigration } from './migrations/0007-token-families.js';
import { loginFailuresMigration } from './migrations/0008-login-failures.js';
import { porticoDefaultsMigration } from './migrations/0009-portico-defaults.js';
import { terminalNpmDefaultMigration } from './migrations/0010-terminal-npm-default.js';
import { modulesMigration } from './migrations/0011-modules.js';
import { listIndexesMigration } from './migrations/0012-list-indexes.js';
import { likeIndexesMigration } from './migrations/0013-like-indexes.js';
import { sharedStateMigration } from './migrations/0014-shared-state.js';
import { likeStatisticsMigration } from './migrations/0015-like-statistics.js';
import { rowCountsMigration } from './migrations/0016-row-counts.js';
import { idOrderIndexesMigration } from './migrations/0017-id-order-indexes.js';
import { idSpansMigration } from './migrations/0018-id-spans.js';
import { idBlocksMigration } from './migrations/0019-id-blocks.js';
import { sessionDevicesMigration } from './migrations/0020-session-devices.js';
import { twoFactorMigration } from './migrations/0021-two-factor.js';
import { listTransferMigration } from './migrations/0022-list-transfer.js';
import { secondFactorTriesMigration } from './migrations/0023-second-factor-tries.js';
import { idempotencyKeysMigration } from './migrations/0024-idempotency-keys.js';
import { homePageMigration } from './migrations/0025-home-page.js';
import { hideCrudGeneratorMigration } from './migrations/0026-hide-crud-generator.js';
import { originalComponentPathsMigration } from './migrations/0027-original-component-paths.js';
import { setBasedTrigramsMigration } from './migrations/0028-set-based-trigrams.js';
import { logTrigramsMigration } from './migrations/0029-log-trigrams.js';
import { idBrinMigration } from './migrations/0030-id-brin.js';
import { changedTrigramsMigration } from './migrations/0031-changed-trigrams.js';
import { moduleKeyBrinMigration } from './migrations/0032-module-key-brin.js';
import { trigramKeyTypesMigration } from './migrations/0033-trigram-key-types.js';
import { trigramKeyParametersMigration } from './migrations/0034-trigram-key-parameters.js';
import { dottedTrigramsMigration } from './migrations/0035-dotted-trigrams.js';
import { joinedTrigramRemovalMigration } from './migrations/0036-joined-trigram-removal.js';
import { memberSegmentsMigration } from './migrations/0037-member-segments.js';

function migrator(db: Db): Migrator {
  const migrations: Record<string, Migration> = {
    '0001-schema': schemaMigration(db.dialect, db.prefix),
    '0002-install-data': installDataMigration(db.dialect, db.prefix),
    '0003-search-index': searchIndexMigration(db.dialect, db.prefix),
    '0004-content-and-sms': contentAndSmsMigration(db.dialect, db.prefix),
    '0005-security-history': securityHistoryMigration(db.dialect),
    '0006-mask-admin-log-secrets': maskAdminLogSecretsMigration(),
    '0007-token-families': tokenFamiliesMigration(db.dialect, db.prefix),
    '0008-login-failures': loginFailuresMigration(db.dialect, db.prefix),
    '0009-portico-defaults': porticoDefaultsMigration(),
    '0010-terminal-npm-default': terminalNpmDefaultMigration(),
    '0011-modules': modulesMigration(db.dialect, db.prefix),
    '0012-list-indexes': listIndexesMigration(db.dialect, db.prefix),
    '0013-like-indexes': likeIndexesMigration(db.dialect, db.prefix),
    '0014-shared-state': sharedStateMigration(db.dialect, db.prefix),
    '0015-like-statistics': likeStatisticsMigration(db.dialect),
    '0016-row-counts': rowCountsMigration(db.dialect, db.prefix),
    '0017-id-order-indexes': idOrderIndexesMigration(db.dialect, db.prefix),
    '0018-id-spans': idSpansMigration(db.dialect, db.prefix),
    '0019-id-blocks': idBlocksMigration(db.dialect, db.prefix),
    '0020-session-devices': sessionDevicesMigration(),
    '0021-two-factor': twoFactorMigration(db.dialect, db.prefix),
    '0022-list-transfer': listTransferMigration(),
    '0023-second-factor-tries': secondFactorTriesMigration(),
    '0024-idempotency-keys': idempotencyKeysMigration(db.dialect, db.prefix),
    '0025-home-page': homePageMigration(db.dialect, db.prefix),
    '0026-hide-crud-generator': hideCrudGeneratorMigration(),
    '0027-original-component-paths': originalComponentPathsMigration(),
    '0028-set-based-trigrams': setBasedTrigramsMigration(db.dialect, db.prefix),
    '0029-log-trigrams': logTrigramsMigration(db.dialect, db.prefix),
    '0030-id-brin': idBrinMigration(db.dialect, db.prefix),
    '0031-changed-trigrams': changedTrigramsMigration(db.dialect, db.prefix),
    '0032-module-key-brin': moduleKeyBrinMigration(db.dialect, db.prefix),
    '0033-trigram-key-types': trigramKeyTypesMigration(db.dialect, db.prefix),
    '0034-trigram-key-parameters': trigramKeyParametersMigration(db.dialect, db.prefix),
    '0035-dotted-trigrams': dottedTrigramsMigration(db.dialect, db.prefix),
    '0036-joined-trigram-removal': joinedTrigramRemovalMigration(db.dialect, db.prefix),
    '0037-member-segments': memberSegmentsMigration(db.dialect, db.prefix),
  };
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `${db.prefix}migration`,
    migrationLockTableName: `${db.prefix}migration_lock`,
  });
}

function check(result: MigrationResultSet): MigrationResultSet {
  if (result.error) throw result.error;
  return result;
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  return check(await migrator(db).migrateToLatest());
}

/** Migrates up or down until `name` is the newest migration applied. */
export async function migrateUpTo(db: Db, name: string): Promise<MigrationResultSet> {
  return check(await migrator(db).migrateTo(name));
}

/** Undoes the newest applied migration (the `migrate-rollback` command); its name, or null when none was applied. */
export async function migrateDownOne(db: Db): Promise<string | null> {
  const result = check(await migrator(db).migrateDown());
  return result.results?.[0]?.migrationName ?? null;
}

/**
 * Undoes the latest migrations down to and including `name`, and returns their names, latest
 * first (for tests that need an earlier version's database).
 */
export async function migrateDownThrough(db: Db, name: string): Promise<string[]> {
  const undone: string[] = [];
  for (;;) {
    const last = await migrateDownOne(db);
    if (last === null) throw new Error(`migrateDownThrough: ${name} was not applied`);
    undone.push(last);
    if (last === name) return undone;
  }
}

/** Undoes every migration (used by tests proving that down migrations work). */
export async function migrateDownAll(db: Db): Promise<void> {
  const m = migrator(db);
  for (;;) {
    const result = check(await m.migrateDown());
    if (!result.results || result.results.length === 0) return;
  }
}
