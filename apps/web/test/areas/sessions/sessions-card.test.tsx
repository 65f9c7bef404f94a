/**
 * The sessions area's "Signed-in sessions" card in the profiles' slots: the administrator's
 * asks the profile controller, the member's the account routes (a real local server answers),
 * and each lists the sessions with their devices, the caller's own tagged.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { resetRequestState, setBaseUrl } from '../../../src/api/request';
import { initI18n, loadBackendTexts, loadModuleTexts } from '../../../src/lang';
import { ModuleSlot } from '../../../src/module-contract/slot';
import { type LocalApi, listenAsApi } from '../../support/local-server';

let server: LocalApi;

const SESSIONS = [
  {
    id: 'a',
    browser: 'Chrome',
    os: 'Windows',
    device: 'Chrome on Windows',
    ip: '203.0.113.7',
    current: true,
  },
  { id: 'b', browser: '', os: '', device: '', ip: '198.51.100.9', current: false },
].map((session) => ({ ...session, create_time: 1_700_000_000, last_use_time: 1_700_000_000 }));

/** The sessions list; the administrator's slot also holds the two-factor card, which asks for its state. */
const answer = ({ path }: { path: string }) => ({
  data: path.endsWith('/sessions')
    ? { list: SESSIONS }
    : { enabled: false, required: false, recoveryCodesLeft: 0 },
});

const sessionCalls = () => server.calls.map((call) => call.path).filter((path) => path.endsWith('/sessions'));

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadBackendTexts(), loadModuleTexts()]);
  server = await listenAsApi(answer);
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  server.calls.length = 0;
});
afterEach(cleanup);

async function expectListed(): Promise<void> {
  // The first part of a slot pays for importing antd's list and card under jsdom.
  expect(await screen.findByText('Signed-in sessions')).toBeTruthy();
  expect(await screen.findByText('Chrome on Windows')).toBeTruthy();
  expect(screen.getByText('This device')).toBeTruthy();
  expect(screen.getByText('Unknown device')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeTruthy();
}

it("lists the administrator's sessions from their profile's controller", async () => {
  render(<ModuleSlot name="admin-profile.cards" />);
  await expectListed();
  expect(sessionCalls()).toEqual(['/admin/routine.AdminInfo/sessions']);
});

it("lists the member's sessions from the account routes", async () => {
  render(<ModuleSlot name="member-profile.cards" />);
  await expectListed();
  // (The two-factor card of the test before may still be asking for its state.)
  expect(sessionCalls()).toEqual(['/api/account/sessions']);
});
