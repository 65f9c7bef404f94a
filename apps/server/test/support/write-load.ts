/**
 * A bounded concurrent write load over real HTTP: a fixed number of clients, each sending
 * one write at a time until stopped, every write uniquely named so the test can look for it
 * in the database afterwards. Half the clients add to one member's balance (short
 * transactions that all queue on one row lock); the other half add members (a transaction
 * that holds its connection while argon2 hashes the password between two statements).
 */

export type Write = { kind: 'money'; memo: string } | { kind: 'member'; username: string };

export interface Outcome {
  write: Write;
  started: number;
  finished: number;
  /** HTTP status, or 0 when no HTTP answer came (reset, hang, refused). */
  status: number;
  code: number | null;
  msg: string;
  /** Why no HTTP answer came. */
  failure?: string;
}

export interface LoadOptions {
  baseUrl: string;
  token: string;
  /** The member whose balance the money writes change. */
  memberId: number;
  clients: number;
  /** Member usernames start with this (letters only, so they stay valid account names). */
  prefix: string;
}

export interface WriteLoad {
  outcomes: Outcome[];
  /** Waits for every client's write in flight, then stops. */
  stop(): Promise<void>;
}

/** A request that gets no answer in this long counts as hanging. */
const ANSWER_LIMIT_MS = 30_000;

export function startWriteLoad(options: LoadOptions): WriteLoad {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const client = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      const write: Write =
        index % 2 === 0
          ? { kind: 'money', memo: `load ${index}-${n}` }
          : { kind: 'member', username: `${options.prefix}${index}x${n}` };
      outcomes.push(await send(options, write));
    }
  };
  const clients = Array.from({ length: options.clients }, (_, index) => client(index));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

async function send(options: LoadOptions, write: Write): Promise<Outcome> {
  const [path, body] =
    write.kind === 'money'
      ? ['/admin/user.MoneyLog/add', { user_id: options.memberId, money: '0.01', memo: write.memo }]
      : ['/admin/user.User/add', memberBody(write.username)];
  const started = Date.now();
  try {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        batoken: options.token,
        'think-lang': 'en',
        server: 'true',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
    });
    const text = await response.text();
    let envelope: { code?: number; msg?: string } = {};
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = { msg: `not JSON: ${text.slice(0, 200)}` };
    }
    return {
      write,
      started,
      finished: Date.now(),
      status: response.status,
      code: envelope.code ?? null,
      msg: envelope.msg ?? '',
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      write,
      started,
      finished: Date.now(),
      status: 0,
      code: null,
      msg: '',
      failure: `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
    };
  }
}

export function memberBody(username: string) {
  return {
    username,
    nickname: `Load ${username}`,
    group_id: 1,
    password: 'member-pass-1',
    email: '',
    mobile: '',
    gender: 0,
    status: 'enable',
  };
}
