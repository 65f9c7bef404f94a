/**
 * The dashboard's figures from real data: totals, today's additions, members joining per
 * day and attachments uploaded per day by kind. Days are the caller's days: the browser
 * sends its offset from UTC, since the server has no business guessing a time zone.
 */
import type { Db } from '../../db/connection.js';

export const GROWTH_DAYS = 30;
const DAY = 86_400;

export type AttachmentKind = 'image' | 'media' | 'document' | 'archive' | 'other';
export const ATTACHMENT_KINDS: AttachmentKind[] = ['image', 'media', 'document', 'archive', 'other'];

function attachmentKind(mimetype: string): AttachmentKind {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/') || mimetype.startsWith('audio/')) return 'media';
  if (/zip|rar|7z|tar|gzip|compressed/.test(mimetype)) return 'archive';
  if (/pdf|word|excel|powerpoint|officedocument|opendocument|text\/|csv|rtf/.test(mimetype))
    return 'document';
  return 'other';
}

/** Unix seconds of the start of the caller's day containing `time`. */
function dayStart(time: number, offsetMinutes: number): number {
  const local = time + offsetMinutes * 60;
  return local - (((local % DAY) + DAY) % DAY) - offsetMinutes * 60;
}

function dayLabel(start: number, offsetMinutes: number): string {
  return new Date((start + offsetMinutes * 60) * 1000).toISOString().slice(0, 10);
}

export async function dashboardStats(db: Db, now: number, offsetMinutes: number) {
  const today = dayStart(now, offsetMinutes);
  const from = today - (GROWTH_DAYS - 1) * DAY;
  const starts = Array.from({ length: GROWTH_DAYS }, (_, i) => from + i * DAY);
  const days = starts.map((start) => dayLabel(start, offsetMinutes));
  const bucket = (time: number) => Math.floor((dayStart(time, offsetMinutes) - from) / DAY);

  const [members, attachments, admins, joined, uploaded] = await Promise.all([
    db.kysely
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db.kysely
      .selectFrom('attachment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db.kysely
      .selectFrom('admin')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db.kysely.selectFrom('user').select('join_time').where('join_time', '>=', from).execute(),
    db.kysely
      .selectFrom('attachment')
      .select(['create_time', 'mimetype'])
      .where('create_time', '>=', from)
      .execute(),
  ]);

  const memberGrowth = new Array<number>(GROWTH_DAYS).fill(0);
  for (const { join_time } of joined) {
    const index = bucket(Number(join_time));
    if (index >= 0 && index < GROWTH_DAYS) memberGrowth[index] = (memberGrowth[index] ?? 0) + 1;
  }
  const attachmentGrowth = Object.fromEntries(
    ATTACHMENT_KINDS.map((kind) => [kind, new Array<number>(GROWTH_DAYS).fill(0)]),
  ) as Record<AttachmentKind, number[]>;
  for (const { create_time, mimetype } of uploaded) {
    const index = bucket(Number(create_time));
    const series = attachmentGrowth[attachmentKind(mimetype ?? '')];
    if (index >= 0 && index < GROWTH_DAYS) series[index] = (series[index] ?? 0) + 1;
  }

  return {
    tiles: {
      members: Number(members?.n ?? 0),
      membersToday: memberGrowth[GROWTH_DAYS - 1] ?? 0,
      attachments: Number(attachments?.n ?? 0),
      attachmentsToday: ATTACHMENT_KINDS.reduce(
        (sum, kind) => sum + (attachmentGrowth[kind][GROWTH_DAYS - 1] ?? 0),
        0,
      ),
      admins: Number(admins?.n ?? 0),
    },
    days,
    memberGrowth,
    attachmentGrowth,
  };
}
