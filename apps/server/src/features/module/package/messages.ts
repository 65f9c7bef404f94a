/**
 * What the module package library tells the administrator, as English message keys
 * (the original's where it had one), translated per request by the error handler.
 */
export const MODULE_PACKAGE_MESSAGES = {
  notFound: 'Module not found',
  alreadyExists: 'Module already exists',
  occupied: 'The directory required by the module is occupied',
  disableFirst: 'Please disable the module first',
  disableBeforeUpdate: 'Please disable the module before updating',
  wrongState: 'The module cannot do this in its current state',
  wrongPackage: 'The module market sent the package of %s instead of %s: nothing was installed',
  projectSource:
    'The folder %s is part of the project source: update the module with the project, not from a package',
  zipNotFound: 'Zip file not found',
  zipUnsafePath: 'The module package holds an unsafe path: %s',
  zipLink: 'The module package holds a link or device file: %s',
  zipTooManyEntries: 'The module package holds more than %s entries',
  zipTooLarge: 'The module package is larger than %s MB when unpacked',
  zipDamaged: 'The module package is damaged or not a zip file',
  notPlainFile: 'The module cannot replace %s: it is not a plain file',
  projectFileMissing: 'The project file %s is missing or not valid JSON',
} as const;
