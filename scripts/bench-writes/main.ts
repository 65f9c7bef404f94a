/**
 * `npm run bench:writes -- [--db sqlite|postgres|mysql]`: what the search indexes' upkeep costs
 * writes, per dialect (all three without --db). On a fresh database of each, a real server
 * (bench:scale's) times single writes through its API: a member's registration by SMS code, an
 * administrator adding and editing a member and saving a setting (each also writing an
 * admin-log entry). Then, with the server stopped, the per-row cost of inserting and updating
 * members and log entries in the real tables versus plain copies without triggers or search
 * indexes. Prints a table per dialect and the others' costs against PostgreSQL's. See
 * docs/bench-scale.md.
 */
import { cpus, loadavg } from 'node:os';
import { createBenchDatabase } from '../bench-scale/database.js';
import { signIn, startServer } from '../bench-scale/server.js';
import { measureApiWrites } from './api.js';
import { type Options, parseOptions } from './options.js';
import { prepareDatabase } from './prepare.js';
import { type DialectResult, printComparison, printDialect } from './report.js';
import { measureRowCosts } from './row-cost.js';
import { startSmsGateway } from './sms-gateway.js';

/**
 * The server's environment: the send-code form's image captcha off (a site may turn it off;
 * the code check stays), and an auth budget no timed run reaches (each registration spends two).
 */
const SERVER_ENV = { USER_LOGIN_CAPTCHA: '0', AUTH_RATE_LIMIT: '100000' };

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const results: DialectResult[] = [];
  for (const dialect of options.dialects) {
    console.log(`bench:writes on ${dialect}…`);
    const result = await measureDialect(dialect, options);
    printDialect(result, options.rows, load());
    results.push(result);
  }
  printComparison(results);
}

async function measureDialect(dialect: DialectResult['dialect'], options: Options): Promise<DialectResult> {
  const database = await createBenchDatabase(dialect, options.database);
  const sms = await startSmsGateway();
  try {
    const password = await prepareDatabase(database.url, sms.urlTemplate);
    const server = await startServer(database.url, database.dataDir, options.port, undefined, SERVER_ENV);
    let api: DialectResult['api'];
    try {
      const token = await signIn(server.base, password);
      api = await measureApiWrites({ base: server.base, token, sms, ...options });
    } finally {
      await server.stop();
    }
    const rows = await measureRowCosts(database.url, options.rows, options.rounds);
    return { dialect, api, rows };
  } finally {
    await sms.close();
    await database.drop();
  }
}

/** Other work on the machine shows in the times; the load says how much there was. */
function load(): string {
  const averages = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${averages} on ${cpus().length} cores`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
