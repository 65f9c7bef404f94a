/**
 * What the upload feature offers other features: finding an uploaded file on disk from its
 * `/storage/...` path, checked to stay inside the storage folder. The module installer takes
 * package zips uploaded as attachments, and must not resolve those paths its own way. And
 * removing the attachments holding given contents (the store's published packages).
 */
export { forgetAttachmentsByContent, removeAttachmentFiles } from './by-content.js';
export { fileOf } from './storage.js';
