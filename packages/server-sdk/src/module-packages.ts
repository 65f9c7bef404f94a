/**
 * Module packages as the installer reads and writes them: the store publishes modules through
 * the installer's own checks, so it never accepts a package the installer would refuse.
 */
/**
 * A module an area writes itself (the CRUD generator): `installFromFiles` places it in
 * `modules/<uid>/` under an upload's rules (a newer version over a disabled one, never over a
 * folder the project ships), `inspectModule` reads its state on disk, `areaModuleInstaller(ctx)`
 * installs, disables and uninstalls it through the app's one installer, and `answerWithRestart`
 * answers as `/admin/module/install` does, so the web's module pipeline follows it.
 * `provideModulePublisher` (the store area) and `modulePublisher(ctx)` (the CRUD generator):
 * publishing a module package in this instance's store through the store's own checks.
 */
export {
  type AreaModuleInstaller,
  answerWithRestart,
  areaModuleInstaller,
  compareVersion,
  inspectModule,
  installFromFiles,
  listPackageFiles,
  type ModuleAnswer,
  type ModulePublisher,
  moduleDir,
  modulePublisher,
  type PublishedVersion,
  provideModulePublisher,
  readPackageInfo,
  resolveUploadedZip,
  writeBackupZip,
} from '../../../apps/server/src/features/module/index.js';
