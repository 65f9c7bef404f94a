/** The command line of `npm run bench:writes`, parsed into typed options. */
import type { Dialect } from '../../apps/server/src/db/dialect.js';
import { FlagReader } from '../bench-scale/flags.js';

const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres', 'mysql'];
/** The seed's helper sequence holds 100,000 numbers (bench-scale/seed.ts): one statement's rows at most. */
const MAX_ROWS = 100_000;

export interface Options {
  /** The dialects measured, in this order; all three when --db is not given. */
  dialects: Dialect[];
  /** Timed requests of each kind, after `warmup` untimed ones. */
  requests: number;
  warmup: number;
  /** Rows of each INSERT … SELECT and UPDATE of the per-row cost. */
  rows: number;
  /** Each per-row statement runs this many times on fresh rows; the median is reported. */
  rounds: number;
  /** PostgreSQL / MariaDB database created for the run (dropped first if it exists, and after). */
  database: string;
  port: number;
}

const USAGE = `usage: npm run bench:writes -- [--db sqlite|postgres|mysql] [--requests 500] [--warmup 20]
  [--rows 20000] [--rounds 3] [--database bench_writes] [--port 18890]`;

export function parseOptions(argv: string[]): Options {
  const options: Options = {
    dialects: [...DIALECTS],
    requests: 500,
    warmup: 20,
    rows: 20_000,
    rounds: 3,
    database: 'bench_writes',
    port: 18_890,
  };
  const flags = new FlagReader(argv, USAGE);
  const value = () => flags.value();
  const count = (min: number, max?: number) => flags.count(min, max);
  while (flags.next()) {
    const { flag } = flags;
    switch (flag) {
      case '--db': {
        const db = value();
        const dialect = DIALECTS.find((d) => d === db);
        if (!dialect) throw new Error(USAGE);
        options.dialects = [dialect];
        break;
      }
      case '--requests':
        options.requests = count(1);
        break;
      case '--warmup':
        options.warmup = count(0);
        break;
      case '--rows':
        options.rows = count(1, MAX_ROWS);
        break;
      case '--rounds':
        options.rounds = count(1);
        break;
      case '--database':
        options.database = value();
        if (!/^[a-z][a-z0-9_]{0,62}$/.test(options.database)) throw new Error('--database: a plain name');
        break;
      case '--port':
        options.port = count(1024, 65_535);
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}
