/**
 * The generator's menu rule and buttons: seeded by the install data (`crud/crud`, with index,
 * generate and delete), so the area declares them from those rows and enabling inserts none.
 */
import { seededAdminRules } from '@portico/server-sdk';

export const CRUD_RULES = {
  index: 'crud/crud/index',
  generate: 'crud/crud/generate',
  delete: 'crud/crud/delete',
} as const;

export const CRUD_ADMIN_RULES = seededAdminRules('crud/crud');
