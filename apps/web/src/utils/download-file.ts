/**
 * A route answering a file (a generated module's package, …), fetched with the signed-in
 * token and handed to the browser's downloads under the name the server gives it. A refusal
 * is the JSON envelope: its message is shown and it is thrown, as for any call.
 */
import { filenameOf } from '../api/backend/list-transfer';
import { fetchFile } from '../api/file-request';
import { saveFile } from './save-file';

export async function downloadFile(url: string, params: Record<string, unknown>, fallbackName: string) {
  const response = await fetchFile(url, params);
  const name = filenameOf(response.headers.get('content-disposition') ?? '') || fallbackName;
  saveFile(await response.blob(), name);
}
