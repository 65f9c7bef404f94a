/**
 * The wire name of every built-in controller, spelled once. The server registers its routes
 * under these (`/admin/<controller>/<action>`, `/api/<controller>/<action>`) and the web builds
 * its request URLs from them with `adminUrl` / `apiUrl`, so a resource cannot be called by one
 * name and served under another. The spellings are the wire and stored permission keys
 * (`auth.Admin` + `edit` → `auth/admin/edit`): they never change. See docs/architecture.md,
 * "Wire contract".
 */

/** Back-office controllers: `/admin/<controller>/<action>`. */
export const AdminController = {
  /** Boot, sign-in and sign-out of the back office. */
  index: 'index',
  /** Helpers every screen shares: uploads, areas, table lists, cache clearing. */
  ajax: 'ajax',
  dashboard: 'dashboard',
  /** The module installer and its market proxy. */
  module: 'module',
  terminal: 'Terminal',

  admin: 'auth.Admin',
  adminGroup: 'auth.Group',
  adminRule: 'auth.Rule',
  adminLog: 'auth.AdminLog',

  adminInfo: 'routine.AdminInfo',
  config: 'routine.Config',
  attachment: 'routine.Attachment',
  apiReference: 'routine.ApiReference',

  member: 'user.User',
  memberGroup: 'user.Group',
  memberRule: 'user.Rule',
  moneyLog: 'user.MoneyLog',
  scoreLog: 'user.ScoreLog',

  dataRecycle: 'security.DataRecycle',
  dataRecycleLog: 'security.DataRecycleLog',
  sensitiveData: 'security.SensitiveData',
  sensitiveDataLog: 'security.SensitiveDataLog',

  content: 'content.Content',

  storeCategory: 'store.Category',
  storeModule: 'store.Module',
  storeVersion: 'store.Version',
  storeOrder: 'store.Order',

  /** The CRUD generator and its record (crud_log). */
  crud: 'crud.Crud',
  crudLog: 'crud.Log',
} as const;
export type AdminController = (typeof AdminController)[keyof typeof AdminController];

/** Member-side controllers: `/api/<controller>/<action>`. */
export const ApiController = {
  /** The member centre's start data. */
  index: 'index',
  /** Sign-in, registration and sign-out. */
  user: 'user',
  account: 'account',
  /** Captchas and the token refresh. */
  common: 'common',
  ajax: 'ajax',
  /** Codes sent by e-mail and by SMS (the SMS controller is capitalised on the wire). */
  ems: 'ems',
  sms: 'Sms',
  content: 'content',
  store: 'store',
} as const;
export type ApiController = (typeof ApiController)[keyof typeof ApiController];

/**
 * `/admin/<controller>/<action>`; without an action, the controller's base with its trailing
 * slash (`/admin/auth.Admin/`), as a list screen takes it and appends its actions to.
 * A module passes its own controller name.
 */
export function adminUrl(controller: AdminController | (string & {}), action = ''): string {
  return `/admin/${controller}/${action}`;
}

/** `/api/<controller>/<action>`; without an action, the controller's base with its trailing slash. */
export function apiUrl(controller: ApiController | (string & {}), action = ''): string {
  return `/api/${controller}/${action}`;
}
