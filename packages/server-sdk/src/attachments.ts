/**
 * Uploaded files (attachments) seen from an area: removing the ones holding given contents,
 * records inside the caller's transaction, files after it commits. The upload feature owns
 * the `attachment` table; an area never writes it directly.
 */
export {
  forgetAttachmentsByContent,
  removeAttachmentFiles,
} from '../../../apps/server/src/features/upload/index.js';
