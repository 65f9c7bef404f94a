/** The module installer `/admin/module/*` (docs/modules.md): answers -1/-2 arrive as rejections. */
import type {
  ModuleConflictDecisions,
  ModuleDependencyEnv,
  ModuleInfo,
  ModuleState,
  ModuleUninstallPlan,
} from '@portico/shared';
import { AdminController, adminUrl } from '@portico/shared';
import { type ApiResponse, createAxios } from '../request';

export interface LocalModule extends ModuleInfo {
  state: ModuleState;
  update: boolean;
  waitInstall: string[];
  /** What an uninstall would delete and keep on disk. */
  uninstall: ModuleUninstallPlan;
}

export interface ModuleAnswerData {
  uid?: string;
  info?: ModuleInfo;
  state?: ModuleState;
  needRebuild?: boolean;
  needRestart?: boolean;
  /** The server restarts itself once this answer is out (npm start supervises it). */
  restarting?: boolean;
  wait_install?: string[];
}

/** -1/-2 are not errors to show: the pipeline turns them into screens. */
const quiet = { showCodeMessage: false } as const;

/** The envelope of a module call whatever its code; a network failure still rejects. */
async function envelope<T>(call: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  try {
    return await call;
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error && 'msg' in error)
      return error as ApiResponse<T>;
    throw error;
  }
}

export function moduleIndex() {
  // marketUrl: the store for the browser's links, '' for this site.
  return createAxios<{ sysVersion: string; installed: LocalModule[]; marketUrl: string }>({
    url: adminUrl(AdminController.module, 'index'),
    method: 'get',
  });
}

/** The market member a download from the market acts for: their token and order (0: free). */
export interface MarketAuth {
  token: string;
  orderId: number;
}

/**
 * A module not on the machine is downloaded from the market first, with `market`. The store's
 * refusal of the market member comes back as the market's 301/408, and the pipeline asks for
 * the market login again; the site's own 409/303 are handled as on any call.
 */
export function installModule(uid: string, extend?: ModuleConflictDecisions, market?: MarketAuth) {
  return envelope(
    createAxios<ModuleAnswerData>(
      {
        url: adminUrl(AdminController.module, 'install'),
        method: 'post',
        params: { uid },
        data: { ...(extend ? { extend } : {}), ...(market ?? {}) },
      },
      quiet,
    ),
  );
}

/** A disabled module's newer version from the market; it then waits for installation. */
export function updateModule(uid: string, market: MarketAuth) {
  return envelope(
    createAxios<ModuleAnswerData>(
      { url: adminUrl(AdminController.module, 'update'), method: 'post', params: { uid }, data: market },
      quiet,
    ),
  );
}

export function dependentInstallComplete(uid: string) {
  return envelope(
    createAxios<ModuleAnswerData>(
      { url: adminUrl(AdminController.module, 'dependentInstallComplete'), method: 'post', params: { uid } },
      quiet,
    ),
  );
}

export function changeModuleState(data: {
  uid: string;
  state: 0 | 1;
  confirmConflict?: 1;
  dependConflictSolution?: Partial<Record<ModuleDependencyEnv, string[]>>;
  /** "Disable and update": the answer is -3 once the module is disabled. */
  update?: 1;
}) {
  return envelope(
    createAxios<ModuleAnswerData>(
      { url: adminUrl(AdminController.module, 'changeState'), method: 'post', data },
      quiet,
    ),
  );
}

export function uninstallModule(uid: string) {
  return createAxios<ModuleUninstallPlan & { uid: string }>(
    { url: adminUrl(AdminController.module, 'uninstall'), method: 'post', params: { uid } },
    { showSuccessMessage: true },
  );
}

export function uploadModule(file: string) {
  return createAxios<ModuleAnswerData & { upgrade: boolean }>({
    url: adminUrl(AdminController.module, 'upload'),
    method: 'post',
    data: { file },
  });
}

export function moduleState(uid: string) {
  return createAxios<{ state: ModuleState }>({
    url: adminUrl(AdminController.module, 'state'),
    method: 'get',
    params: { uid },
  });
}
