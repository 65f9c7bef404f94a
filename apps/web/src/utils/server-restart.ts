/**
 * After a module install, enable or disable answered `restarting: true`, the server process is
 * replaced (npm start's supervisor bundles it again with the module's server code). This covers
 * the page with "The server is restarting…" until `/health` answers again; the caller then
 * carries on (reloads the menus, or the page when the web app was rebuilt too).
 */
import { hideLoading, showLoading } from '../api/loading';
import { apiBaseUrl } from '../api/request';
import { t } from '../lang';

export interface ServerRestartWait {
  /** Origin of the API; the request layer's by default. */
  baseUrl?: string;
  /** Milliseconds between two looks at /health. */
  interval?: number;
  /** Milliseconds after which the server counts as not coming back. */
  timeout?: number;
}

/** The old process may still be sending its answer: how long to wait for it to go away. */
const GOING_AWAY_MS = 5_000;
/** One look at /health that hangs must not stall the wait. */
const PROBE_MS = 5_000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_MS) })).ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the restarted server answers; rejects when it has not after `timeout`. */
export async function waitForServerRestart(options: ServerRestartWait = {}): Promise<void> {
  const { baseUrl = apiBaseUrl(), interval = 500, timeout = 180_000 } = options;
  const health = `${baseUrl}/health`;
  showLoading({ text: t('utils.The server is restarting, please wait…') });
  try {
    // First the old process goes (a /health it still answered would end the wait too early)...
    const goneBy = Date.now() + GOING_AWAY_MS;
    while (Date.now() < goneBy && (await answers(health))) await sleep(interval);
    // ...then the new one answers.
    const deadline = Date.now() + timeout;
    while (!(await answers(health))) {
      if (Date.now() > deadline) throw new Error(t('utils.The server did not come back'));
      await sleep(interval);
    }
  } finally {
    hideLoading();
  }
}
