/** The command line of `npm run bench:scale`, parsed into typed options. */
import type { Dialect } from '../../apps/server/src/db/dialect.js';
import { FlagReader } from './flags.js';

export type Screen = 'members' | 'log' | 'generated';

/** The smallest tables the queries' checks work on: each filter finds rows. */
const MIN_MEMBERS = 20_000;
const MIN_LOGS = 100_000;
const MIN_PRODUCTS = 20_000;

export interface Options {
  dialect: Dialect;
  members: number;
  logs: number;
  /** Rows of the generated products table (generated-module.ts). */
  products: number;
  /** Keep the database (and, for SQLite, its folder) after the run. */
  keep: boolean;
  /** The data folder of an earlier --keep run: measure its database again, without seeding. */
  reuse?: string;
  /** PostgreSQL / MariaDB database created for the run (dropped first if it exists). */
  database: string;
  /** Timed runs per query, after `warmup` untimed ones. */
  runs: number;
  warmup: number;
  /** A slow query stops after this many seconds of timed runs (but never before 5 runs). */
  budgetSeconds: number;
  /** Also measure the authenticated list's throughput with one and with two server processes. */
  processes: boolean;
  /** Seconds each throughput measurement lasts. */
  throughputSeconds: number;
  port: number;
  /**
   * Only this screen's queries (all three when unset): quicker while working on one list.
   * `generated` is the generated products screen; without it no scratch project is made.
   */
  screen?: Screen;
}

const USAGE = `usage: npm run bench:scale -- --db sqlite|postgres|mysql [--members 1000000] [--logs 10000000]
  [--products 1000000] [--keep] [--reuse DIR] [--database bench_scale] [--runs 20] [--warmup 3] [--budget 20] [--processes]
  [--throughput-seconds 10] [--port 18790] [--screen members|log|generated]`;

export function parseOptions(argv: string[]): Options {
  const options: Options = {
    dialect: 'sqlite',
    members: 1_000_000,
    logs: 10_000_000,
    products: 1_000_000,
    keep: false,
    database: 'bench_scale',
    runs: 20,
    warmup: 3,
    budgetSeconds: 20,
    processes: false,
    throughputSeconds: 10,
    port: 18_790,
  };
  let dialectGiven = false;
  const given = new Set<string>();
  const flags = new FlagReader(argv, USAGE);
  const value = () => flags.value();
  const count = (min: number) => flags.count(min);
  while (flags.next()) {
    const { flag } = flags;
    given.add(flag);
    switch (flag) {
      case '--db': {
        const db = value();
        if (db !== 'sqlite' && db !== 'postgres' && db !== 'mysql') throw new Error(USAGE);
        options.dialect = db;
        dialectGiven = true;
        break;
      }
      case '--members':
        // Smaller tables leave some of the queries' filters without a single row to check.
        options.members = count(MIN_MEMBERS);
        break;
      case '--logs':
        options.logs = count(MIN_LOGS);
        break;
      case '--products':
        options.products = count(MIN_PRODUCTS);
        break;
      case '--keep':
        options.keep = true;
        break;
      case '--reuse':
        options.reuse = value();
        options.keep = true;
        break;
      case '--database':
        options.database = value();
        if (!/^[a-z][a-z0-9_]{0,62}$/.test(options.database)) throw new Error('--database: a plain name');
        break;
      case '--runs':
        options.runs = count(1);
        break;
      case '--warmup':
        options.warmup = count(0);
        break;
      case '--budget':
        options.budgetSeconds = count(1);
        break;
      case '--processes':
        options.processes = true;
        break;
      case '--throughput-seconds':
        options.throughputSeconds = count(1);
        break;
      case '--port':
        options.port = count(1024);
        break;
      case '--screen': {
        const screen = value();
        if (screen !== 'members' && screen !== 'log' && screen !== 'generated')
          throw new Error('--screen: members, log or generated');
        options.screen = screen;
        break;
      }
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (!dialectGiven) throw new Error(USAGE);
  // Measuring only the generated screen: the core tables need no more rows than their checks.
  if (options.screen === 'generated') {
    if (!given.has('--members')) options.members = MIN_MEMBERS;
    if (!given.has('--logs')) options.logs = MIN_LOGS;
  }
  if (options.processes && options.dialect === 'sqlite')
    throw new Error('--processes needs a database server: --db postgres or --db mysql');
  return options;
}
