/**
 * The second factor's wire shapes, shared by the sign-in's second step (core) and the
 * two-factor area's profile routes: a code, a new secret to scan, fresh recovery codes.
 */
import { z } from 'zod';
import { RECOVERY_CODE_COUNT } from './two-factor.js';

export const codeBody = z.object({
  code: z.string().trim().min(6).max(20).describe('Six digits from the app, or a recovery code.'),
});

export const enrolmentAnswer = z.object({
  secret: z.string().describe('The new base32 secret, for apps that cannot scan.'),
  uri: z.string().describe('The otpauth:// address the QR code shows.'),
});

export const recoveryCodesAnswer = z.object({
  recoveryCodes: z
    .array(z.string())
    .length(RECOVERY_CODE_COUNT)
    .describe('Single-use recovery codes, shown this once: only their HMACs are kept.'),
});
