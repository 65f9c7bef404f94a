/**
 * The form-input types modules provide (the editor module's `editor`), as the form sees them.
 * The form sits below the modules (docs/architecture.md, "Layers") and does not look them up
 * itself: the app hands it the modules' lookup when their registry loads, with the module texts
 * (router/module-wiring.ts), which every area's routes await before they render.
 */
import type { ComponentType } from 'react';

/** What a form-input type receives from the form (antd Form.Item passes value and onChange). */
export interface FormInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  [attribute: string]: unknown;
}

export type FormInputLoader = () => Promise<{ default: ComponentType<FormInputProps> }>;

/** The loader of the input a module provides for `type`, if any. */
export type FindFormInput = (type: string) => FormInputLoader | undefined;

let find: FindFormInput = () => undefined;

export function provideFormInputs(lookup: FindFormInput): void {
  find = lookup;
}

export function formInputLoader(type: string): FormInputLoader | undefined {
  return find(type);
}
