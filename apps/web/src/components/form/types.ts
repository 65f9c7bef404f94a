/** The input types of the form-item component, shared with the server (packages/shared). */
export { INPUT_TYPES, type InputType } from '@portico/shared';

/** Options of radio, checkbox and selects: `{value: label}` or a list. */
export type Content =
  | Record<string, string>
  | { value: string | number; label: string; disabled?: boolean }[];

export function optionsOf(content: Content | undefined, t: (key: string) => string) {
  if (!content) return [];
  if (Array.isArray(content))
    return content.map((o) => ({ ...o, value: String(o.value), label: t(o.label) }));
  return Object.entries(content).map(([value, label]) => ({ value, label: t(label) }));
}

/** Picker formats: values travel as these strings. */
export const DATE_FORMATS = {
  datetime: 'YYYY-MM-DD HH:mm:ss',
  date: 'YYYY-MM-DD',
  year: 'YYYY',
  time: 'HH:mm:ss',
} as const;
