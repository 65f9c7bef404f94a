/**
 * The module package library: everything the installer does with a module's files on disk.
 * No HTTP here; answers carry the data of the original's -1/-2 answers for the endpoints to send.
 */
export {
  type ApplyOptions,
  type ApplyResult,
  applyPackage,
  completeDependencyInstall,
} from './apply-package.js';
export { checkDisable, type DisableOptions, type DisableResult, disablePackage } from './disable-package.js';
export { findFileConflicts } from './file-conflicts.js';
export { MODULE_PACKAGE_MESSAGES } from './messages.js';
export {
  clearUpdateFlag,
  listModules,
  readyToEnable,
  UNINSTALL_FROM,
  uninstallPackage,
  uninstallPlan,
} from './module-lifecycle.js';
export {
  inspectModule,
  type ModuleOnDisk,
  type ModuleStateFile,
  moduleState,
  readModule,
  writeModuleState,
} from './module-state.js';
export { listPackageFiles, readRuntime } from './package-files.js';
export { backupsDir, MIRROR_ROOTS, moduleDir, WORKSPACE_PACKAGE_FILES } from './paths.js';
export {
  installFromFiles,
  installFromZip,
  readPackageInfo,
  refuseProjectSource,
  type UploadResult,
} from './upload-package.js';
export { compareVersion, isUpgrade, nextPatch } from './version.js';
export { findDependConflicts, presentModuleDependencies } from './workspace-deps.js';
export { BACKUP_LIMITS, safeUnzip, type UnzipLimits, UPLOAD_LIMITS } from './zip-read.js';
export { writeBackupZip } from './zip-write.js';
