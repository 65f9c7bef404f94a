/**
 * The signed-in sessions an account sees in its profile (administrators and members alike):
 * the answer's shape and what each session shows. Ending one deletes its tokens
 * (TokenService.endSessionById), so it is refused at once, in every server process.
 */
import type { SessionInfo } from '@portico/server-sdk';
import { z } from 'zod';
import { deviceName, deviceOf } from './user-agent.js';

export const sessionListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string().describe('Names the session to end it; not a token.'),
      browser: z.string().describe("'Chrome', 'Safari'…; '' when not recognised."),
      os: z.string().describe("'Windows', 'iPhone'…; '' when not recognised."),
      device: z.string().describe("'Chrome on Windows'; '' when neither is recognised."),
      ip: z.string().describe('The address it was last used from.'),
      create_time: z.number().describe('When it signed in (unix seconds).'),
      last_use_time: z.number().describe('When it was last used (unix seconds, to the minute).'),
      current: z.boolean().describe("The caller's own session."),
    }),
  ),
});

export const endSessionBody = z.object({
  id: z.string().trim().min(1).max(64).describe('The session to end (from the list).'),
});

export const endedSessionsSchema = z.object({
  ended: z.number().describe('How many sessions were ended.'),
});

export function sessionList(sessions: SessionInfo[]): z.infer<typeof sessionListSchema> {
  return {
    list: sessions.map(({ userAgent, ...session }) => {
      const device = deviceOf(userAgent);
      return { ...session, ...device, device: deviceName(device) };
    }),
  };
}
