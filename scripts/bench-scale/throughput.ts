/**
 * Requests per second of the authenticated member list's first page, measured with
 * autocannon against one server process, then against two processes on the same database
 * side by side (one autocannon per process, at the same time, summed).
 */
import autocannon from 'autocannon';
import { listPath } from './list-request.js';

export interface Throughput {
  perProcess: number[];
  total: number;
}

const CONNECTIONS = 10;

async function hammer(base: string, token: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${base}${listPath('/admin/user.User/', {})}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { batoken: token },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${bad} of the throughput run's requests failed`);
  return result.requests.average;
}

/** A process that has just started is slower until V8 has compiled its hot paths: it is warmed first. */
const WARM_SECONDS = 3;

export async function measureThroughput(
  bases: string[],
  token: string,
  seconds: number,
): Promise<Throughput> {
  await Promise.all(bases.map((base) => hammer(base, token, WARM_SECONDS)));
  const perProcess = await Promise.all(bases.map((base) => hammer(base, token, seconds)));
  return { perProcess, total: perProcess.reduce((a, b) => a + b, 0) };
}

export function printThroughput(label: string, result: Throughput): void {
  const parts = result.perProcess.map((rate) => rate.toFixed(0)).join(' + ');
  const sum = result.perProcess.length > 1 ? ` = ${result.total.toFixed(0)}` : '';
  console.log(`${label}: ${parts}${sum} req/s (${CONNECTIONS} connections per process)`);
}
