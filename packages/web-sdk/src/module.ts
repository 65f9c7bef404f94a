/**
 * Declaring a module's or a built-in area's web side: its pages by component path, public
 * routes, form inputs and language packs, all loaded lazily (docs/architecture.md, "Module
 * contract"). A web entry imports only this file, so the entries the registry loads at once
 * stay small.
 */

export type { Pack } from '../../../apps/web/src/lang/pack';
export {
  defineWebModule,
  type FormInputProps,
  type PageSlot,
  type PageSlots,
  type PublicRoute,
  type WebModule,
} from '../../../apps/web/src/module-contract/contract';
