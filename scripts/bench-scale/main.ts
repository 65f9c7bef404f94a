/**
 * `npm run bench:scale -- --db sqlite|postgres|mysql`: seeds a fresh database with a million
 * members and ten million admin-log entries, starts a real server on it, signs in as the
 * super administrator and times every list query of the member list and admin-log screens,
 * one request at a time; prints p50/p95 per query, the worst p95 and the server's memory.
 * With --processes (PostgreSQL or MariaDB), also the member list's throughput with one and
 * with two server processes on the database. The generated products screen (a million rows)
 * is measured from a scratch copy of the project holding the module the CRUD generator made
 * (generated-module.ts). See docs/bench-scale.md.
 */
import { cpus, loadavg } from 'node:os';
import { type BenchDatabase, createBenchDatabase, rememberKeptRun, reusedDatabase } from './database.js';
import { databaseCache } from './database-cache.js';
import { placeProductModule, removeScratchProject, scratchProject } from './generated-module.js';
import { productQueries } from './generated-queries.js';
import { seedProducts } from './generated-seed.js';
import { measure, type Timing } from './measure.js';
import { type Options, parseOptions } from './options.js';
import { logQueries, memberQueries } from './queries.js';
import { printTimings, printWhy } from './report.js';
import { seedDatabase } from './seed.js';
import { memoryMiB, type ServerProcess, signIn, startServer } from './server.js';
import { measureThroughput, printThroughput } from './throughput.js';
import { openAnalyser, why } from './why.js';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const shows = (screen: NonNullable<Options['screen']>) => !options.screen || options.screen === screen;
  const project = shows('generated') ? await generatedProject() : undefined;
  const servers: ServerProcess[] = [];
  let database: BenchDatabase | undefined;
  try {
    const prepared = await prepareDatabase(options, project);
    database = prepared.database;
    const { password, members, logs, products, earlierSignIns } = prepared;
    const server = await startServer(database.url, database.dataDir, options.port, project);
    servers.push(server);
    const token = await signIn(server.base, password);
    const settings = { base: server.base, token, ...options };
    const analyser = await openAnalyser(options.dialect, database.url);
    const timings: Timing[] = [];
    const queries = [
      ...(shows('members') ? memberQueries(members) : []),
      ...(shows('log') ? logQueries(logs, earlierSignIns) : []),
      ...(shows('generated') && products > 0 ? productQueries(products) : []),
    ];
    try {
      for (const query of queries) {
        const timing = { ...(await measure(query, settings)), peakMiB: memoryMiB(server.pid).peak };
        // After the timed runs, so that the replays under the analyser do not warm them.
        timing.why = await why(query, server.base, token, analyser);
        console.log(`  ${query.screen}: ${query.label}: p95 ${timing.p95.toFixed(1)} ms`);
        timings.push(timing);
      }
    } finally {
      await analyser.close();
    }
    const memory = memoryMiB(server.pid);
    // Other work on the machine shows in the times; the load says how much there was.
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    console.log(await databaseCache(options.dialect, database.url));
    const sizes = [
      `${members.toLocaleString('en')} members`,
      `${logs.toLocaleString('en')} log rows`,
      ...(products > 0 ? [`${products.toLocaleString('en')} generated products`] : []),
    ];
    printTimings(`${options.dialect}: ${sizes.join(', ')}, page of 20, one request at a time`, timings);
    printWhy(options.dialect, timings);
    console.log(`server memory: RSS ${memory.rss.toFixed(1)} MiB, peak ${memory.peak.toFixed(1)} MiB`);

    if (options.processes) await processesRun(servers, database, token, options);
    if (timings.some((t) => t.problems.length > 0)) process.exitCode = 1;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    if (database && options.keep) console.log(`kept: ${database.describe}`);
    else await database?.drop();
    if (project) removeScratchProject(project);
  }
}

/** A scratch copy of the project with the generated products module in place. */
async function generatedProject(): Promise<string> {
  const started = performance.now();
  const project = scratchProject();
  const files = await placeProductModule(project);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`generated module: ${files.length} files in a scratch project (${seconds} s): ${project}`);
  return project;
}

interface Prepared {
  database: BenchDatabase;
  password: string;
  /** What the database holds: the options' sizes, or with --reuse the kept run's. */
  members: number;
  logs: number;
  /** Generated products (0 without the generated screen). */
  products: number;
  /** The admin-log rows earlier runs' sign-ins added (the checks count them). */
  earlierSignIns: number;
}

/**
 * A fresh seeded database, or with --reuse the one an earlier --keep run left. With `project`
 * (the scratch copy holding the generated module), the products too: a first start of that
 * project's server enables the module, whose migration makes the table, which is then seeded.
 */
async function prepareDatabase(options: Options, project: string | undefined): Promise<Prepared> {
  if (options.reuse) {
    const { database, run } = reusedDatabase(options.reuse);
    announce(options.dialect, run.members, run.logs, `reusing ${database.describe}`);
    rememberKeptRun(options.reuse, { ...run, signIns: run.signIns + 1 });
    return { database, ...run, products: project ? (run.products ?? 0) : 0, earlierSignIns: run.signIns };
  }
  const { dialect, members, logs } = options;
  announce(dialect, members, logs, 'seeding…');
  const database = await createBenchDatabase(dialect, options.database);
  try {
    const started = performance.now();
    const { password } = await seedDatabase(database.url, members, logs);
    const products = project ? options.products : 0;
    if (project) {
      const first = await startServer(database.url, database.dataDir, options.port, project);
      await first.stop();
      await seedProducts(database.url, products);
    }
    console.log(`seed time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (options.keep)
      rememberKeptRun(database.dataDir, { url: database.url, password, members, logs, products, signIns: 1 });
    return { database, password, members, logs, products, earlierSignIns: 0 };
  } catch (error) {
    if (!options.keep) await database.drop();
    throw error;
  }
}

function announce(dialect: string, members: number, logs: number, then: string): void {
  console.log(
    `bench:scale on ${dialect}: ${members.toLocaleString('en')} members, ${logs.toLocaleString('en')} admin-log rows`,
  );
  console.log(then);
}

/** One process, then a second one beside it on the same database (pushed to `servers`, so it is stopped). */
async function processesRun(
  servers: ServerProcess[],
  database: BenchDatabase,
  token: string,
  options: Options,
): Promise<void> {
  const [first] = servers;
  if (!first) return;
  printThroughput('one process ', await measureThroughput([first.base], token, options.throughputSeconds));
  const second = await startServer(database.url, database.dataDir, options.port + 1);
  servers.push(second);
  printThroughput(
    'two processes',
    await measureThroughput([first.base, second.base], token, options.throughputSeconds),
  );
  for (const server of servers) {
    const memory = memoryMiB(server.pid);
    console.log(
      `server ${server.base}: RSS ${memory.rss.toFixed(1)} MiB, peak ${memory.peak.toFixed(1)} MiB`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
