/** An attachment's columns as answered: by the upload routes and by the attachment screen. */
import { z } from 'zod';

export const ATTACHMENT_FIELDS = {
  id: z.number(),
  topic: z.string(),
  admin_id: z.number().describe('The uploading administrator; 0 for a member.'),
  user_id: z.number().describe('The uploading member; 0 for an administrator.'),
  url: z.string().describe('The path under /storage/.'),
  width: z.number().describe('0 unless an image.'),
  height: z.number().describe('0 unless an image.'),
  name: z.string(),
  size: z.number().describe('Bytes.'),
  mimetype: z.string(),
  storage: z.string(),
  sha1: z.string(),
  last_upload_time: z.number().nullable(),
};

/** A file's suffix as the original answers it: the name's extension, or `file` without one. */
function attachmentSuffix(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? '' : name.slice(dot + 1)) || 'file';
}

/**
 * What the original client reads beside the columns: the suffix (which icon a file without a
 * preview gets) and the address to show it from (the stored path, served by this server).
 */
export const SHOWN_FILE_FIELDS = {
  suffix: z.string().describe("The name's extension; `file` without one."),
  full_url: z.string().describe('The address the file is shown from.'),
};

export function shownFile(row: { name: string; url: string }) {
  return { suffix: attachmentSuffix(row.name), full_url: row.url };
}
