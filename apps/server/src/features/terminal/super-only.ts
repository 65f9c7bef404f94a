/** The terminal is for super administrators only (it runs programs on the server). */
import type { FastifyRequest } from 'fastify';
import { type AdminIdentity, signedInAdmin } from '../../auth/admin-auth.js';
import { ApiError, Code } from '../../http/errors.js';

export function requireSuper(request: FastifyRequest): AdminIdentity {
  const admin = signedInAdmin(request);
  if (!admin.super) throw new ApiError('You have no permission', [], Code.noPermission);
  return admin;
}
