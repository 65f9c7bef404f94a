/**
 * The request layer: `createAxios` sends the signed-in administrator's or member's token,
 * unwraps the envelope and shows its message (docs/architecture.md, "Wire contract").
 * `apiBaseUrl` is the server's origin, for a plain link to a route (a download);
 * `downloadFile` fetches a route's file with the token and saves it under the server's name;
 * `saveFile` saves a file made in the page.
 */
export {
  type ApiResponse,
  apiBaseUrl,
  apiUri,
  createAxios,
  type RequestOptions,
} from '../../../apps/web/src/api/request';
export { downloadFile } from '../../../apps/web/src/utils/download-file';
export { saveFile } from '../../../apps/web/src/utils/save-file';
