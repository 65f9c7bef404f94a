/**
 * Request input is checked with zod schemas; the first problem becomes one clear,
 * translated message naming the parameter, and nothing is changed.
 */
import { isNickname, NICKNAME_MAX_LENGTH } from '@portico/shared';
import { z } from 'zod';
import { ApiError, FieldError } from './errors.js';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // The input in each issue tells a missing value ("can not be empty") from a wrong one.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0]);
}

function issueToError(issue: z.core.$ZodIssue | undefined): ApiError {
  if (!issue) return new ApiError('Parameter error');
  if (issue.code === 'invalid_union' && issue.path.length === 0 && issue.errors.length > 0) {
    // A body of several shapes (a switch cell's post or the full form): the problem of the shape
    // it came closest to, among those whose fields it sent (the fullest, last, when as close).
    const fitting = issue.errors.filter(
      (issues) => !issues.some((one) => one.code === 'unrecognized_keys' && one.path.length === 0),
    );
    const candidates = fitting.length > 0 ? fitting : issue.errors;
    const closest = candidates.reduce((best, issues) => (issues.length <= best.length ? issues : best));
    return issueToError(closest[0]);
  }
  const field = issue.path.map(String).join('.') || 'data';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return new ApiError('Parameter %s can not be empty', [field]);
      }
      return new ApiError('Parameter %s must be %s', [field, issue.expected]);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? new ApiError('Parameter %s can not be empty', [field])
          : new ApiError('Parameter %s must be at least %s characters', [field, Number(issue.minimum)]);
      }
      if (issue.origin === 'array') return new ApiError('Parameter %s can not be empty', [field]);
      return new ApiError('Parameter %s must be at least %s', [field, Number(issue.minimum)]);
    case 'too_big':
      if (issue.origin === 'string') {
        return new ApiError('Parameter %s must be at most %s characters', [field, Number(issue.maximum)]);
      }
      if (issue.origin === 'array') {
        return new ApiError('Parameter %s can have at most %s items', [field, Number(issue.maximum)]);
      }
      return new ApiError('Parameter %s must be at most %s', [field, Number(issue.maximum)]);
    case 'invalid_value':
      return new ApiError('Parameter %s has an unsupported value', [field]);
    case 'unrecognized_keys':
      return new ApiError('Parameter %s is not accepted', [issue.keys.join(', ')]);
    default:
      // Custom and format issues carry a message key of their own (see @portico/shared validators).
      return issue.message && !issue.message.startsWith('Invalid')
        ? new ApiError(issue.message, [field])
        : new ApiError('Parameter %s is invalid', [field]);
  }
}

/** Building blocks for request schemas. Bodies arrive as JSON or PHP bracket notation (all strings). */
export const input = {
  /** A trimmed string of at most `max` characters; '' allowed. */
  text: (max: number) => z.string().trim().max(max),
  /** A trimmed string of 1..max characters. */
  required: (max: number) => z.string().trim().min(1).max(max),
  /** An integer id from a number or a numeric string. */
  id: () =>
    z
      .union([z.number(), z.string().regex(/^\d{1,10}$/, 'Parameter %s must be an integer')])
      .transform(Number)
      .pipe(z.number().int().min(0).max(2_147_483_647)),
  /** A flag as sent by forms: true/false, 1/0, '1'/'0', 'true'/'false'. */
  flag: () =>
    z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
  /** Optional text: null or a missing field (a NULL column loaded into a form) means ''. */
  optionalText: (max: number) => z.preprocess(noneAsBlank, z.string().trim().max(max)),
  /**
   * Optional text that, when given, must match `pattern` (e-mail, mobile...). null, a
   * missing field and '' all mean none, which is ''.
   */
  optionalFormat: (pattern: RegExp, message: string, max: number) =>
    z.preprocess(
      noneAsBlank,
      z
        .string()
        .trim()
        .max(max)
        .refine((v) => v === '' || pattern.test(v), message),
    ),
  /**
   * An optional calendar date 'YYYY-MM-DD' (a DATE column): null, a missing field and ''
   * mean none, which is stored as NULL. A date that does not exist (Feb 30) is refused here
   * rather than by PostgreSQL or MariaDB; years before 1000 are outside MariaDB's DATE.
   */
  optionalDate: () =>
    z.preprocess(
      noneAsBlank,
      z
        .string()
        .trim()
        .refine((v) => v === '' || isCalendarDate(v), 'Parameter %s is invalid')
        .transform((v) => (v === '' ? null : v)),
    ),
  /**
   * A nickname of 1–50 characters once trimmed. Its characters are judged by
   * `checkNickname`, which needs the stored nickname to let a legacy one stand.
   */
  nickname: () => z.string().trim().min(1).max(NICKNAME_MAX_LENGTH),
  /** The rules a group grants: ids as an array or a comma string; none is allowed. */
  ruleIds: () =>
    z
      .union([z.array(z.union([z.number(), z.string()])), z.string()])
      .default([])
      .pipe(
        z.preprocess(
          (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
          z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(5000),
        ),
      ),
  /** A list of ids as `ids[]=1&ids[]=2`, a JSON array, or a comma string. */
  ids: (max = 1000) =>
    z
      .union([
        z.array(z.union([z.number(), z.string()])),
        z.string().transform((s) => (s === '' ? [] : s.split(','))),
        z.number().transform((n) => [n]),
      ])
      .pipe(
        z
          .array(
            z
              .union([
                z.number(),
                z
                  .string()
                  .trim()
                  .regex(/^\d{1,10}$/, 'Parameter %s must be a list of ids'),
              ])
              .transform(Number)
              .pipe(z.number().int().min(1).max(2_147_483_647)),
          )
          .min(1)
          .max(max),
      ),
};

function noneAsBlank(value: unknown): unknown {
  return value === null || value === undefined ? '' : value;
}

function isCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * The shared nickname rule (@portico/shared `isNickname`), on a nickname `input.nickname()`
 * has trimmed. A nickname stored before the rule existed (an older version, a database taken
 * over from the original product) may be saved back unchanged, so that editing any other
 * field of such an account does not fail; a new nickname must follow the rule.
 */
export function checkNickname(nickname: string, stored?: string | null): void {
  if (stored !== undefined && stored !== null && nickname === stored.trim()) return;
  const verdict = isNickname(nickname);
  if (verdict !== true) throw new FieldError('nickname', verdict);
}

/** A form flag such as "keep me signed in": true, 1, '1', 'true' or 'on'. */
export function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}
