/** The input types of the form-item component (reference web §2.3). */
export const INPUT_TYPES = [
  'string',
  'password',
  'number',
  'radio',
  'checkbox',
  'switch',
  'textarea',
  'array',
  'datetime',
  'year',
  'date',
  'time',
  'select',
  'selects',
  'remoteSelect',
  'remoteSelects',
  'city',
  'image',
  'images',
  'file',
  'files',
  'icon',
  'color',
  'editor',
] as const;

export type InputType = (typeof INPUT_TYPES)[number];

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
