/**
 * checkDesign: the refusals (reserved words of the databases and of JavaScript, duplicates,
 * the primary key, dictionaries, remote selects, unknown fields in the lists, defaults), and a
 * hostile comment accepted and shown literally by valid generated code.
 */
import { ApiError, FieldError, hashPassword } from '@portico/server-sdk';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_LENGTH } from '../../../../src/areas/crud/generator/check-design.js';
import { checkDesign, DESIGN_MESSAGES, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign, HOSTILE } from './every-type-design.js';

function refusal(body: unknown): ApiError {
  try {
    checkDesign(body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the design was accepted');
}

function withField(change: (design: ReturnType<typeof everyTypeDesign>) => void) {
  const design = everyTypeDesign();
  change(design);
  return design;
}

describe('checkDesign', () => {
  it('accepts a design with every design type', () => {
    const checked = checkDesign(everyTypeDesign());
    expect(checked.fields).toHaveLength(everyTypeDesign().fields.length);
  });

  it.each(['delete', 'order', 'class', 'select', 'key', '__proto__'])('refuses a field named %s', (name) => {
    const error = refusal(
      withField((design) => {
        const field = design.fields.find((f) => f.name === 'title');
        if (field) field.name = name;
      }),
    );
    // `__proto__` fails the name pattern first (it starts with '_'); the rest are reserved words.
    expect([DESIGN_MESSAGES.reserved, DESIGN_MESSAGES.fieldName]).toContain(error.message);
    expect(error.params).toEqual([name]);
    if (name !== '__proto__') expect(error.message).toBe(DESIGN_MESSAGES.reserved);
  });

  it('refuses a reserved or malformed table name', () => {
    expect(refusal(withField((design) => (design.table.name = 'group'))).message).toBe(
      DESIGN_MESSAGES.reserved,
    );
    expect(refusal(withField((design) => (design.table.name = 'Bad-name'))).message).toBe(
      DESIGN_MESSAGES.tableName,
    );
  });

  it('refuses a field designed twice, naming it', () => {
    const error = refusal(
      withField((design) => {
        const field = design.fields.find((f) => f.name === 'cover');
        if (field) field.name = 'title';
      }),
    );
    expect(error).toBeInstanceOf(FieldError);
    expect(error.message).toBe(DESIGN_MESSAGES.duplicate);
    expect(error.params).toEqual(['title']);
  });

  it('refuses a design without a primary key, and one with two', () => {
    const none = withField((design) => {
      for (const field of design.fields) field.primaryKey = false;
    });
    expect(refusal(none).message).toBe(DESIGN_MESSAGES.primaryKey);
    const two = withField((design) => {
      const field = design.fields.find((f) => f.name === 'stock');
      if (field) field.primaryKey = true;
    });
    expect(refusal(two).message).toBe(DESIGN_MESSAGES.primaryKey);
  });

  it('refuses an option field without a dictionary', () => {
    const error = refusal(
      withField((design) => {
        const field = design.fields.find((f) => f.name === 'tags');
        if (field) field.comment = 'Tags';
      }),
    );
    expect(error.message).toBe(DESIGN_MESSAGES.dictionary);
  });

  it("takes an option field's options from its comment, refusing a default that is not one of them", () => {
    // The palette's select starts as enum('opt0','opt1') with the default opt0; the
    // administrator then wrote other options in the comment.
    const design = withField((d) => {
      const field = d.fields.find((f) => f.name === 'kind');
      if (!field) return;
      Object.assign(field, {
        comment: 'Kind:a=Apple,b=Banana',
        dataType: "enum('opt0','opt1')",
        default: 'opt0',
        defaultType: 'INPUT',
      });
    });
    const error = refusal(design);
    expect(error).toBeInstanceOf(FieldError);
    expect(error.message).toBe(DESIGN_MESSAGES.defaultValue);
    const kind = design.fields.find((f) => f.name === 'kind');
    if (kind) kind.default = 'b';
    const files = generateModule(checkDesign(design), null).files;
    const resource = Object.entries(files).find(([path]) => path.endsWith('/resource.ts'))?.[1] ?? '';
    expect(resource).toMatch(/kind: z\.enum\(\['a', 'b'\]\)/);
  });

  it('refuses a remote select without a valid table', () => {
    const error = refusal(
      withField((design) => {
        const field = design.fields.find((f) => f.name === 'member_id');
        if (field) field.form['remote-table'] = 'user; drop table admin';
      }),
    );
    expect(error.message).toBe(DESIGN_MESSAGES.remoteTable);
  });

  it('refuses a password column too short for the hash it stores', async () => {
    const short = (type: string, length: number) =>
      withField((design) => {
        const found = design.fields.find((f) => f.name === 'secret');
        if (found) Object.assign(found, { type, length, defaultType: 'NONE' });
      });
    const error = refusal(short('varchar', 32));
    expect(error).toBeInstanceOf(FieldError);
    expect(error.message).toBe(DESIGN_MESSAGES.passwordColumn);
    expect(error.params).toEqual(['secret', String(PASSWORD_HASH_LENGTH)]);
    expect(refusal(short('int', 200)).message).toBe(DESIGN_MESSAGES.passwordColumn);
    expect(() => checkDesign(short('varchar', PASSWORD_HASH_LENGTH))).not.toThrow();
    expect(() => checkDesign(short('text', 0))).not.toThrow();
    // The limit holds the hashes the SDK writes.
    expect((await hashPassword('a password')).length).toBeLessThanOrEqual(PASSWORD_HASH_LENGTH);
  });

  it('refuses lists naming a field that is not designed', () => {
    const error = refusal(withField((design) => design.table.quickSearchField.push('nowhere')));
    expect(error.message).toBe(DESIGN_MESSAGES.unknownField);
    expect(error.params).toEqual(['nowhere', 'quickSearchField']);
  });

  it('refuses unknown column types, lengths out of range and defaults that do not fit', () => {
    const field = (name: string, change: (f: ReturnType<typeof everyTypeDesign>['fields'][number]) => void) =>
      withField((design) => {
        const found = design.fields.find((f) => f.name === name);
        if (found) change(found);
      });
    expect(refusal(field('title', (f) => (f.type = 'geometry'))).message).toBe(DESIGN_MESSAGES.columnType);
    expect(refusal(field('title', (f) => (f.length = 0))).message).toBe(DESIGN_MESSAGES.length);
    expect(refusal(field('price', (f) => (f.precision = 9))).message).toBe(DESIGN_MESSAGES.length);
    expect(
      refusal(field('stock', (f) => Object.assign(f, { default: 'abc', defaultType: 'INPUT' }))).message,
    ).toBe(DESIGN_MESSAGES.defaultValue);
    expect(refusal(field('kind', (f) => (f.default = 'opt9'))).message).toBe(DESIGN_MESSAGES.defaultValue);
  });

  it("ignores the original's extra keys", () => {
    const design = everyTypeDesign() as unknown as Record<string, unknown> & { table: object };
    Object.assign(design.table, { modelFile: 'app/admin/model/Every.php', isCommonModel: 0 });
    expect(() => checkDesign({ ...design, somethingElse: true })).not.toThrow();
  });

  it('accepts a hostile comment and generates valid code showing it literally', () => {
    const { files } = generateModule(checkDesign(everyTypeDesign()), null);
    const shown = new Set<string>();
    for (const [path, source] of Object.entries(files)) {
      if (!/\.tsx?$/.test(path)) continue;
      const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      expect(
        diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        path,
      ).toEqual([]);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node)) shown.add(node.text);
        node.forEachChild(visit);
      };
      visit(file);
      // Design text never reaches a comment or a template: only string literals carry it.
      expect(
        source.includes('process.exit(1)') ? source.includes('\\u0024{process.exit(1)}') : true,
        path,
      ).toBe(true);
    }
    expect(shown).toContain(`Every type ${HOSTILE}`);
    expect(shown).toContain(`Title ${HOSTILE}`);
  });
});
