/**
 * A query that runs on every request with a shape that never changes (the token lookup),
 * built and compiled once. Kysely otherwise rebuilds and recompiles it on each call, which
 * on SQLite costs about as much as running it. Each call binds its own values in the
 * places the builder put its arguments.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

export function preparedQuery<Args extends unknown[], Row>(
  // biome-ignore lint/suspicious/noExplicitAny: works with any database's Kysely.
  kysely: Kysely<any>,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  // Unique stand-ins for the arguments; compiling turns each into one bound parameter.
  const stand = Array.from({ length: arity }, (_, i) => Symbol(`argument ${i}`));
  const compiled = build(...(stand as unknown as Args)).compile();
  const slots = compiled.parameters.map((value) => stand.indexOf(value as symbol));
  if (slots.filter((slot) => slot >= 0).length !== arity) {
    throw new Error('preparedQuery: every argument must be bound exactly once');
  }
  return async (...args) => {
    const parameters = slots.map((slot, i) => (slot >= 0 ? args[slot] : compiled.parameters[i]));
    const result = await kysely.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
