/**
 * The one file of a multipart request, read whole up to a size (the rest of a larger one is
 * never read), with the text fields sent before it.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
  /** Text fields that came before the file. */
  fields: Record<string, string>;
}

export async function receiveFile(
  request: FastifyRequest,
  { maxBytes, fieldBytes, tooLarge }: { maxBytes: number; fieldBytes?: number; tooLarge: () => ApiError },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new ApiError('No files were uploaded');
  const part = await request.file({
    limits: { fileSize: maxBytes + 1, ...(fieldBytes ? { fieldSize: fieldBytes } : {}) },
  });
  if (!part) throw new ApiError('No files were uploaded');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    // The stream stops at the configured size; the rest is never read.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated || bytes.length > maxBytes) throw tooLarge();
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && 'value' in field) fields[name] = String(field.value);
  }
  return { bytes, filename: part.filename, mimetype: part.mimetype, fields };
}
