/**
 * Hands the layers below the modules what they need of the modules' registry: their language
 * packs to lang/ and their form-input types to the form (components/form/form-inputs.ts). Those
 * layers may not import the registry (docs/architecture.md, "Layers"). main.tsx calls this once
 * at start; the web tests' setup does the same.
 *
 * The registry itself still loads only when an area first needs module texts (never on the
 * administrators' sign-in page, whose first load has a size budget). The form inputs are handed
 * over as it loads: every area's routes await the module texts before they render, so their
 * forms find the modules' inputs.
 */
import { provideFormInputs } from '../components/form/form-inputs';
import { provideModulePacks } from '../lang';

export function wireModules(): void {
  provideModulePacks(async (lang) => {
    const { moduleFormInput, moduleLangPacks } = await import('../module-contract/registry');
    provideFormInputs(moduleFormInput);
    return moduleLangPacks(lang);
  });
}
