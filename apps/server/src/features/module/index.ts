/**
 * What the module feature (installer, market, package library) offers other features: what
 * the store needs to publish modules as the installer would install them: reading and checking
 * an uploaded package zip, comparing versions, and packing the modules shipped with Portico.
 * Sharing the installer's own checks means the store never accepts a package it would refuse.
 * The CRUD generator places the modules it writes and drives the same installer, and publishes
 * them in the store through the publisher the store provides (publishing.ts).
 */
export { type AreaModuleInstaller, areaModuleInstaller } from './installer/area-installer.js';
export { resolveUploadedZip } from './installer/attachment-zip.js';
export type { ModuleAnswer } from './installer/installer.js';
export { answerWithRestart } from './installer/restart-answer.js';
export {
  compareVersion,
  inspectModule,
  installFromFiles,
  listPackageFiles,
  moduleDir,
  readPackageInfo,
  writeBackupZip,
} from './package/index.js';
export {
  type ModulePublisher,
  modulePublisher,
  type PublishedVersion,
  provideModulePublisher,
} from './publishing.js';
