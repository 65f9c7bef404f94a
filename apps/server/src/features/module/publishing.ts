/**
 * This instance's module store as another area may publish to it. The store area provides its
 * publisher when it registers its routes; the CRUD generator publishes the modules it wrote
 * through it, so the store's checks and tables stay the store's own. Keyed by the app's
 * context, as the area installer is (installer/area-installer.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export interface PublishedVersion {
  uid: string;
  version: string;
  /** The store's module item (store_module.id). */
  moduleId: number;
  /** The store had no item for the module: this publishing made it. */
  created: boolean;
}

export interface ModulePublisher {
  /**
   * Publishes the package `zip` (a module package on this machine, checked as an upload is;
   * its module.json must name `uid`) as the newest version of that module in the store, adding
   * the module's item first when the store has none. The store keeps its own copy of the zip.
   */
  publish(
    request: FastifyRequest,
    pkg: { uid: string; zip: string; updateLog: string },
  ): Promise<PublishedVersion>;
}

const publishers = new WeakMap<AppContext, ModulePublisher>();

/** Called once, by the store area. */
export function provideModulePublisher(ctx: AppContext, publisher: ModulePublisher): void {
  publishers.set(ctx, publisher);
}

/** The store's publisher; null when no store runs in this app. */
export function modulePublisher(ctx: AppContext): ModulePublisher | null {
  return publishers.get(ctx) ?? null;
}
