/**
 * The generator's calls, on the original's paths (`/admin/crud.Crud/*`, `/admin/crud.Log/index`),
 * and the core's field list (`/admin/ajax/getTableFieldList`) the remote-select dialog offers.
 */
import { AdminController, adminUrl } from '@portico/shared';
import type {
  CrudField,
  CrudGenerateBody,
  CrudGenerateConflicts,
  CrudLogRow,
  CrudTable,
} from '@portico/shared/crud-design';
import { type ApiResponse, createAxios, downloadFile } from '@portico/web-sdk/request';

/** Portico has one database connection: the site's, named '' on the wire. */
export const SITE_CONNECTION = '';

const crud = (action: string) => adminUrl(AdminController.crud, action);

/** What generating answers: as a module install does, whether the server restarts and the web app must be rebuilt. */
export interface GenerateAnswer {
  needRebuild?: boolean;
  needRestart?: boolean;
  restarting?: boolean;
}

export function generate(body: CrudGenerateBody) {
  return createAxios<GenerateAnswer | null>({ url: crud('generate'), method: 'post', data: body });
}

/**
 * Whether generating would overwrite a table or a module: code -1 with what exists, an answer
 * the designer turns into its confirm (not a message), hence resolved whatever its code.
 */
export async function generateCheck(table: string): Promise<ApiResponse<CrudGenerateConflicts | null>> {
  try {
    return await createAxios<CrudGenerateConflicts | null>(
      {
        url: crud('generateCheck'),
        method: 'post',
        data: { table, connection: SITE_CONNECTION, controllerFile: '' },
      },
      { showCodeMessage: false },
    );
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error && (error as ApiResponse).code === -1)
      return error as ApiResponse<CrudGenerateConflicts>;
    throw error;
  }
}

/** The id of the table's last successful record, or none. */
export function checkCrudLog(table: string) {
  return createAxios<{ id: number | string | null }>({
    url: crud('checkCrudLog'),
    method: 'get',
    params: { table, connection: SITE_CONNECTION },
  });
}

export function logStart(id: number | string) {
  return createAxios<{ table: CrudTable; fields: CrudField[] }>({
    url: crud('logStart'),
    method: 'post',
    data: { id },
  });
}

/** Answers as a module disable does when the module was running (restart, rebuild), else null. */
export function deleteCode(id: number, dropTable: boolean) {
  return createAxios<GenerateAnswer | null>(
    { url: crud('delete'), method: 'post', data: { id, dropTable: dropTable ? 1 : 0 } },
    { showSuccessMessage: true },
  );
}

/** A record's generated module as a package zip, saved by the browser (refusals shown). */
export function downloadPackage(row: CrudLogRow) {
  return downloadFile(crud('download'), { id: row.id }, `${row.table_name}.zip`);
}

/** Publishes a record's generated module on this site's store: its item when new, and its version. */
export function publishPackage(id: number) {
  return createAxios<{ uid: string; version: string; moduleId: number; created: boolean }>(
    { url: crud('publish'), method: 'post', data: { id } },
    { showSuccessMessage: true },
  );
}

/**
 * A database table's columns as design fields, in the table's order (refused, with the reason,
 * for the core's and modules' tables). The wire keys them by name, as the original does.
 */
export async function parseFieldData(table: string) {
  const { data } = await createAxios<{ columns: Record<string, CrudField>; comment: string; empty: boolean }>(
    {
      url: crud('parseFieldData'),
      method: 'post',
      data: { type: 'db', table, connection: SITE_CONNECTION },
    },
  );
  return { ...data, columns: Object.values(data.columns) };
}

export function crudLogList(params: { page: number; limit: number; quickSearch?: string }) {
  return createAxios<{ list: CrudLogRow[]; total: number }>({
    url: adminUrl(AdminController.crudLog, 'index'),
    method: 'get',
    params: { ...params, order: 'id,desc' },
  });
}

/** A table of the database (without prefix), and why a design cannot start from it ('' when it can). */
export interface DatabaseTable {
  table: string;
  refused: string;
}

/** Every table of the site's database: the core's, the modules' and any other. */
export async function databaseTables(): Promise<DatabaseTable[]> {
  const { data } = await createAxios<{ list: DatabaseTable[] }>({
    url: crud('tableList'),
    method: 'get',
    params: { connection: SITE_CONNECTION },
  });
  return data.list.map(({ table, refused }) => ({ table, refused }));
}

/** A table's field names, for the remote select's value, label and shown fields (any table may be associated). */
export async function tableFieldNames(table: string): Promise<string[]> {
  const { data } = await createAxios<{ fieldList: Record<string, unknown> }>({
    url: adminUrl(AdminController.ajax, 'getTableFieldList'),
    method: 'get',
    params: { table, clean: '1', connection: SITE_CONNECTION },
  });
  return Object.keys(data.fieldList);
}
