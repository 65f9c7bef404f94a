/**
 * What declaring a route needs of the app, declared here rather than imported from context.ts:
 * the request pipeline sits below the app that assembles it (docs/architecture.md, "Layers").
 * The app's AppContext has all of these, so callers hand it over as it is.
 */
import type { FastifyRequest } from 'fastify';
import type { Access } from './access.js';

/** Reads the site's settings (the `config` table); the app's Settings is one. */
export interface SettingReader {
  get(name: string): Promise<string>;
  /** A switch row: '1' / 'true' is on. */
  flag(name: string): Promise<boolean>;
}

/** Who may call an admin route: the administrator's token and grants (auth/admin-auth.ts). */
export interface AdminAuthenticator {
  authenticate(
    request: FastifyRequest,
    access: Access,
    permission: string,
    imageUrl?: boolean,
  ): Promise<void>;
}

/** Who may call a member route: the member's token and grants (auth/user-auth.ts). */
export interface MemberAuthenticator {
  authenticate(request: FastifyRequest, access: Access, permission: string): Promise<void>;
}

export interface RouteServices {
  config: { authRateLimit: number };
  settings: SettingReader;
  adminAuth: AdminAuthenticator;
  userAuth: MemberAuthenticator;
}
