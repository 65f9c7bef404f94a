/**
 * The API reference writes a route's JSON Schema as a TypeScript-like type: required and
 * optional fields, lists, choices, loose rows, and a recursive menu shown by its name inside
 * itself.
 */
import { describe, expect, it } from 'vitest';
import { schemaText } from '../../../src/areas/api-docs/views/api-schema-text';

describe('schemaText', () => {
  it('writes fields, lists, choices and loose rows', () => {
    const text = schemaText({
      type: 'object',
      required: ['list'],
      properties: {
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
            additionalProperties: {},
          },
        },
        total: { type: 'integer', description: 'Rows in all' },
        kind: { anyOf: [{ type: 'string', enum: ['about', 'atLeast'] }, { type: 'null' }] },
      },
      additionalProperties: false,
    });
    expect(text).toBe(
      [
        '{',
        '  list: {',
        '    id: integer;',
        '    ...',
        '  }[];',
        '  total?: integer; // Rows in all',
        '  kind?: "about" | "atLeast" | null;',
        '}',
      ].join('\n'),
    );
  });

  it('expands a named schema once and names it where it nests in itself', () => {
    const definitions = {
      Menu: {
        type: 'object',
        required: ['title'],
        properties: {
          title: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Menu' } },
        },
        additionalProperties: false,
      },
    };
    const text = schemaText({ type: 'array', items: { $ref: '#/components/schemas/Menu' } }, definitions);
    expect(text).toBe(['{', '  title: string;', '  children?: Menu[];', '}[]'].join('\n'));
  });
});
