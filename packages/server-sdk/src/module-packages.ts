/**
 * Module packages as the installer reads and writes them: the store publishes modules through
 * the installer's own checks, so it never accepts a package the installer would refuse.
 */
export {
  compareVersion,
  listPackageFiles,
  moduleDir,
  readPackageInfo,
  resolveUploadedZip,
  writeBackupZip,
} from '../../../apps/server/src/features/module/index.js';
