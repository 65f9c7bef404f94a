/**
 * Who may call a route. Its own module because the auth services check it while routes.ts
 * (which declares routes with it) imports the app context, and that context holds the auth
 * services: declared in routes.ts, auth imported it back (no import cycles: docs/architecture.md, "Layers").
 */

/** public: anyone; login: any signed-in account; permission: signed in and holding the rule. */
export type Access = 'public' | 'login' | 'permission';
