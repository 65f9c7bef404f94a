/**
 * The input types of form items and config items (as in the original): what the form
 * component renders and what the config screen's server accepts.
 */
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
