/**
 * What the module installer endpoints tell the administrator (English keys translated per
 * request), and the admin-log titles of its steps.
 */
export const INSTALLER_MESSAGES = {
  conflicts: 'Module file conflicts',
  fileUpdated: 'Module file updated',
  dependentWaitInstall: 'Dependent wait install',
  /** -3: "Disable and update" disabled the module; the client brings the new version. */
  disabledForUpdate: 'Module disabled: now bring its new version',
  busy: 'Another module operation is running, please try again when it has finished',
  superOnly: 'Only super administrators can manage modules',
  marketLoginForUpdate:
    'Sign in to the module market to update from it, or upload the new version of the module as a zip',
  zipOutsideStorage: 'The module package must be a zip file uploaded as an attachment',
  badInstallTask: 'The module install task names no valid module',
  restarting: 'The server is restarting to load the module',
  restartByHand: "Restart the server to load the module's server code",
} as const;

/** Admin-log titles (stored as written, like the terminal's). */
export const MODULE_LOG_TITLES = {
  install: 'Install module',
  dependentInstallComplete: 'Module dependencies installed',
  enable: 'Enable module',
  disable: 'Disable module',
  uninstall: 'Uninstall module',
  update: 'Update module',
  upload: 'Upload module',
  market: 'Module market',
} as const;
