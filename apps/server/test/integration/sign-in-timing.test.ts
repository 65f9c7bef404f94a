/**
 * A sign-in takes about as long for a name no account has as for a wrong password: a
 * quicker refusal would tell a guesser which names exist. Administrators and members.
 */
import { expect, it } from 'vitest';
import { createMember } from '../support/member.js';
import { call, createAdmin, forEachDatabase, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Secret-pass1';
const ROUNDS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Median milliseconds of refused sign-ins as `username`, each from an address of its own (no lockout). */
async function refusalTimes(t: TestApp, url: string, username: string, body: object, round: number) {
  const started = performance.now();
  const res = await call(t.app, 'POST', url, {
    body: { username, password: 'Wrong-pass9', ...body },
    remoteAddress: `10.9.${round}.${username.length}`,
  });
  expect(res).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
  return performance.now() - started;
}

async function compare(t: TestApp, url: string, known: string, body: object = {}) {
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  // Interleaved, so a slower moment of the machine weighs on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    knownTimes.push(await refusalTimes(t, url, known, body, round));
    unknownTimes.push(await refusalTimes(t, url, `nobody_${known}`, body, round));
  }
  return { known: median(knownTimes), unknown: median(unknownTimes) };
}

forEachDatabase('sign-in timing', (get) => {
  it('refuses an unknown administrator about as slowly as a wrong password', async () => {
    const t = get();
    await createAdmin(t.ctx, 'timing_admin', PASSWORD, [1]);
    const { known, unknown } = await compare(t, '/admin/index/login', 'timing_admin');
    expect(
      unknown,
      `unknown ${unknown.toFixed(1)} ms, wrong password ${known.toFixed(1)} ms`,
    ).toBeGreaterThanOrEqual(0.6 * known);
  });

  it('refuses an unknown member about as slowly as a wrong password', async () => {
    const t = get();
    await createMember(t.ctx, 'timing_member', PASSWORD);
    const { known, unknown } = await compare(t, '/api/user/checkIn', 'timing_member', { tab: 'login' });
    expect(
      unknown,
      `unknown ${unknown.toFixed(1)} ms, wrong password ${known.toFixed(1)} ms`,
    ).toBeGreaterThanOrEqual(0.6 * known);
  });
});
