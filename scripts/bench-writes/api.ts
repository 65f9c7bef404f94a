/**
 * Single writes through the real server's HTTP API, one at a time: `warmup` untimed requests of
 * each kind, then `requests` timed ones (from sending the write to having its answer). Anything
 * a timed write needs first (an SMS code, the member's edit form) is fetched untimed before it.
 * Every administrator POST also writes an admin-log entry before it answers
 * (admin-log.recorder.ts), so the three admin writes each pay for one.
 */
import { percentile } from '../bench-scale/measure.js';
import type { SmsGateway } from './sms-gateway.js';

export interface ApiTiming {
  label: string;
  /** The tables the write inserts into or updates. */
  writes: string;
  runs: number;
  p50: number;
  p95: number;
}

export interface ApiSettings {
  base: string;
  /** The super administrator's token. */
  token: string;
  requests: number;
  warmup: number;
  sms: SmsGateway;
}

interface Envelope {
  code: number;
  msg?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each route answers its own data.
  data?: any;
}

/** The fields the administrator's member form posts (apps/web's member edit form). */
const MEMBER_FORM = [
  'username',
  'nickname',
  'group_id',
  'email',
  'mobile',
  'gender',
  'birthday',
  'motto',
  'status',
];

export async function measureApiWrites(settings: ApiSettings): Promise<ApiTiming[]> {
  const call = caller(settings);
  const registered: number[] = [];
  const timings: ApiTiming[] = [];
  timings.push(
    await timed(settings, 'member registration', 'member + index, code, session', async (i, clock) => {
      const mobile = `139${String(i).padStart(8, '0')}`;
      await call('POST', '/api/Sms/send', { mobile, template_code: 'user_register' });
      const captcha = settings.sms.codeFor(mobile);
      if (!captcha) throw new Error(`no SMS code reached the gateway for ${mobile}`);
      const body = {
        tab: 'register',
        username: `bw${i}`,
        password: 'bench-pass-1',
        registerType: 'mobile',
        mobile,
        captcha,
      };
      const done = await clock(() => call('POST', '/api/user/checkIn', body));
      registered.push(Number(done.data?.userInfo?.id));
    }),
  );
  timings.push(
    await timed(settings, 'admin: add a member', 'member + index, admin log + index', async (i, clock) => {
      const body = {
        username: `ba${i}`,
        nickname: `Added ${i}`,
        group_id: 1,
        password: 'bench-pass-1',
        email: '',
        mobile: '',
        gender: 0,
        status: 'enable',
      };
      await clock(() => call('POST', '/admin/user.User/add', body, settings.token));
    }),
  );
  timings.push(
    await timed(
      settings,
      'admin: edit a member (nickname, e-mail)',
      'member + index, admin log + index',
      async (i, clock) => {
        const id = registered[i % registered.length];
        const form = await call('GET', `/admin/user.User/edit?id=${id}`, undefined, settings.token);
        const row = form.data?.row ?? {};
        const body = Object.fromEntries(MEMBER_FORM.map((field) => [field, row[field]]));
        Object.assign(body, { id, nickname: `Edited ${i}`, email: `edited${i}@example.com` });
        await clock(() => call('POST', '/admin/user.User/edit', body, settings.token));
      },
    ),
  );
  timings.push(
    await timed(
      settings,
      'admin: save a setting (site name)',
      'config, admin log + index',
      async (i, clock) => {
        await clock(() =>
          call('POST', '/admin/routine.Config/edit', { site_name: `Bench site ${i}` }, settings.token),
        );
      },
    ),
  );
  return timings;
}

type Clock = (write: () => Promise<Envelope>) => Promise<Envelope>;

/** Runs `write` warmup + requests times; only what it passes through `clock` is timed. */
async function timed(
  settings: ApiSettings,
  label: string,
  writes: string,
  write: (i: number, clock: Clock) => Promise<void>,
): Promise<ApiTiming> {
  const samples: number[] = [];
  const total = settings.warmup + settings.requests;
  for (let i = 0; i < total; i++) {
    const clock: Clock = async (send) => {
      const started = performance.now();
      const answer = await send();
      if (i >= settings.warmup) samples.push(performance.now() - started);
      return answer;
    };
    await write(i, clock);
  }
  if (samples.length !== settings.requests) throw new Error(`${label}: ${samples.length} timed writes`);
  return {
    label,
    writes,
    runs: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
  };
}

/** A JSON request whose answer must succeed (code 1): a refused write would time nothing real. */
function caller(settings: ApiSettings) {
  return async (method: 'GET' | 'POST', path: string, body?: object, token?: string): Promise<Envelope> => {
    const response = await fetch(`${settings.base}${path}`, {
      method,
      headers: {
        'think-lang': 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { batoken: token } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as Envelope;
    if (answer.code !== 1)
      throw new Error(`${method} ${path} answered ${answer.code}: ${answer.msg ?? response.status}`);
    return answer;
  };
}
