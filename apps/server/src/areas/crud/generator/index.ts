/**
 * PLACEHOLDER until the generator lands (its own helper writes this folder): the signatures
 * the endpoints are written against (BRIEF-CRUD.md). Replace this whole file with the real one.
 */
import type { CrudGenerateBody } from '@portico/shared/crud-design';

export type CheckedDesign = CrudGenerateBody;
export interface GeneratedModule {
  uid: string;
  version: string;
  files: Record<string, string>;
}
export interface PreviousGeneration {
  design: CheckedDesign;
  version: string;
  migrations: string[];
}

// A programming state, not a message for administrators: answered as a server error.
const notBuilt = (): never => {
  throw new Error('The CRUD generator is not built yet');
};

export function checkDesign(_body: unknown): CheckedDesign {
  return notBuilt();
}
export function generateModule(
  _design: CheckedDesign,
  _previous: PreviousGeneration | null,
): GeneratedModule {
  return notBuilt();
}
export async function readPreviousGeneration(_packageDir: string): Promise<PreviousGeneration | null> {
  return null;
}
export function dropsOf(_design: CheckedDesign, _previous: PreviousGeneration | null): string[] {
  return [];
}
