/**
 * A form-input type a module provides (form-inputs.ts), e.g. the editor module's
 * `editor`. Form.Item hands value and onChange to its direct child, so this wrapper is that
 * child and passes them on to the lazily loaded input.
 */
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { type FormInputProps, formInputLoader } from './form-inputs';

// One wrapper per type, made once: a new component each render would remount the input.
const wrappers = new Map<string, ComponentType<FormInputProps>>();

/** The module's input for `type`, or null when no module provides one. */
export function moduleInput(type: string): ComponentType<FormInputProps> | null {
  const known = wrappers.get(type);
  if (known) return known;
  const load = formInputLoader(type);
  if (!load) return null;
  const Input = lazy(load);
  function ModuleInput(props: FormInputProps) {
    return (
      <Suspense fallback={<Spin size="small" />}>
        <Input {...props} />
      </Suspense>
    );
  }
  wrappers.set(type, ModuleInput);
  return ModuleInput;
}
