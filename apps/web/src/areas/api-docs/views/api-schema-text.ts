/**
 * A JSON Schema (as the OpenAPI document carries it) written as a TypeScript-like type, which
 * reads more easily than the schema itself: `{ id: integer; title?: string | null }`.
 */
export type JsonSchema = Record<string, unknown>;

const INDENT = '  ';

/** The document's named schemas (`#/components/schemas/…`), expanded where first met. */
export type Definitions = Record<string, JsonSchema>;

export function schemaText(schema: JsonSchema, definitions: Definitions = {}): string {
  return text(schema, 0, definitions, new Set());
}

function text(schema: JsonSchema, depth: number, definitions: Definitions, open: Set<string>): string {
  const recurse = (inner: JsonSchema, innerDepth = depth) => text(inner, innerDepth, definitions, open);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) ?? '';
    const definition = definitions[name];
    // Inside its own expansion (a menu's children) a named schema is shown by its name.
    if (!definition || open.has(name)) return name;
    open.add(name);
    const expanded = recurse(definition);
    open.delete(name);
    return expanded;
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return [...new Set(union.map((part) => recurse(part)))].join(' | ');
  if (Array.isArray(schema.allOf))
    return (schema.allOf as JsonSchema[]).map((part) => recurse(part)).join(' & ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((one) => recurse({ ...schema, type: one })).join(' | ');
  switch (type) {
    case 'array': {
      const items = recurse((schema.items as JsonSchema | undefined) ?? {});
      return /[|&]/.test(items) && !items.startsWith('{') ? `(${items})[]` : `${items}[]`;
    }
    case 'object':
      return objectText(schema, depth, recurse);
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return type;
    default:
      return 'any';
  }
}

function objectText(
  schema: JsonSchema,
  depth: number,
  recurse: (inner: JsonSchema, innerDepth?: number) => string,
): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    if (extra && typeof extra === 'object') return `Record<string, ${recurse(extra as JsonSchema)}>`;
    return extra === false ? '{}' : 'object';
  }
  const required = new Set((schema.required ?? []) as string[]);
  const pad = INDENT.repeat(depth + 1);
  const lines = properties.map(([name, property]) => {
    const note = typeof property.description === 'string' ? ` // ${property.description}` : '';
    return `${pad}${name}${required.has(name) ? '' : '?'}: ${recurse(property, depth + 1)};${note}`;
  });
  // A loose object (a database row) may carry more fields than those named.
  if (extra !== false && extra !== undefined) lines.push(`${pad}...`);
  return `{\n${lines.join('\n')}\n${INDENT.repeat(depth)}}`;
}
