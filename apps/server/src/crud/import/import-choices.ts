/**
 * What an import takes besides the file's own cells: names where the form takes ids (a
 * member's group given as "Default group", as an export writes it, rather than as 1), labels
 * where it takes codes (a gender given as "Male", as the list shows it, rather than as 1), and
 * one value for every row where no column fills a field (a group for a file that names none).
 */
import type { ImportChoice, ImportField, ImportMapping, ImportValues } from '@portico/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Lang } from '../../i18n/index.js';
import type { ResourceSpec } from '../resource-spec.js';

export type ChoicesByField = Map<string, ImportChoice[]>;

/** The longest value the dialog may set for every row. */
const MAX_VALUE_LENGTH = 1000;
/** A field's labels as the client sends them: a few, short. */
const MAX_LABELS = 100;
const MAX_LABEL_LENGTH = 100;
/** Between the names of a list cell: commas (as an export joins tags), 、 and semicolons. */
const LIST_SEPARATOR = /\s*[,，、;；]\s*/;

/** Each named field's choices, labelled as the administrator's lists show them. */
export async function loadChoices(
  spec: ResourceSpec,
  db: Kysely<Database>,
  lang: Lang,
): Promise<ChoicesByField> {
  const loaders = Object.entries(spec.importChoices ?? {});
  return new Map(
    await Promise.all(loaders.map(async ([field, load]) => [field, await load(db, lang)] as const)),
  );
}

/**
 * The `labels` field: for fields of the form, the label the list shows for each stored value
 * (sent by the client, which holds the translations). Added to `choices` for the fields the
 * server names nothing for; a field it names keeps the server's own names.
 */
export function withLabels(
  choices: ChoicesByField,
  raw: string | undefined,
  fields: ImportField[],
): ChoicesByField {
  if (raw === undefined || raw === '') return choices;
  const invalid = () => new ApiError('Parameter %s is invalid', ['labels']);
  const sent = parseObject(raw, invalid);
  const names = new Set(fields.map((f) => f.name));
  const text = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_LABEL_LENGTH;
  const merged: ChoicesByField = new Map(choices);
  for (const [field, labels] of Object.entries(sent)) {
    const valid =
      names.has(field) &&
      Array.isArray(labels) &&
      labels.length <= MAX_LABELS &&
      labels.every((l) => typeof l === 'object' && l !== null && text(l.value) && text(l.label));
    if (!valid) throw invalid();
    if (!merged.has(field)) {
      merged.set(
        field,
        (labels as ImportChoice[]).map(({ value, label }) => ({ value, label })),
      );
    }
  }
  return merged;
}

export function withChoices(fields: ImportField[], choices: ChoicesByField): ImportField[] {
  return fields.map((field) => {
    const named = choices.get(field.name);
    return named ? { ...field, choices: named } : field;
  });
}

/**
 * A row's body with each named field's names replaced by their values (several joined by
 * commas for a list field), or the first field and part that is neither a value nor a name.
 * Values are matched first, so a group called "2" cannot hide the group whose id is 2; names
 * are matched regardless of case.
 */
export function resolveNames(
  body: Record<string, string>,
  choices: ChoicesByField,
): { body: Record<string, string> } | { field: string; unknown: string } {
  const resolved = { ...body };
  for (const [field, named] of choices) {
    const cell = body[field];
    if (cell === undefined) continue;
    const values: string[] = [];
    for (const part of cell.split(LIST_SEPARATOR).filter((p) => p !== '')) {
      const lower = part.toLowerCase();
      const found =
        named.find((choice) => choice.value === part) ??
        named.find((choice) => choice.label.toLowerCase() === lower);
      if (!found) return { field, unknown: part };
      values.push(found.value);
    }
    resolved[field] = values.join(',');
  }
  return { body: resolved };
}

/**
 * The `values` field: `{field: value}` for fields of the form that no column fills, names
 * resolved. A value naming nothing is refused once here rather than on every line.
 */
export function parseValues(
  raw: string | undefined,
  mapping: ImportMapping,
  fields: ImportField[],
  choices: ChoicesByField,
): ImportValues {
  if (raw === undefined || raw === '') return {};
  const invalid = () => new ApiError('Parameter %s is invalid', ['values']);
  const sent = parseObject(raw, invalid);
  const unmapped = new Set(fields.map((f) => f.name).filter((name) => !mapping.includes(name)));
  const values: ImportValues = {};
  for (const [field, value] of Object.entries(sent)) {
    if (!unmapped.has(field) || typeof value !== 'string' || value.length > MAX_VALUE_LENGTH) throw invalid();
    const text = value.trim();
    if (text !== '') values[field] = text;
  }
  const resolved = resolveNames(values, choices);
  if ('unknown' in resolved) throw new ApiError('Unknown value: %s', [resolved.unknown]);
  return resolved.body;
}

/** A multipart field holding a JSON object. */
function parseObject(raw: string, invalid: () => ApiError): Record<string, unknown> {
  let sent: unknown;
  try {
    sent = JSON.parse(raw);
  } catch {
    throw invalid();
  }
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) throw invalid();
  return sent as Record<string, unknown>;
}
