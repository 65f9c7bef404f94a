/**
 * The request layer: `createAxios` sends the signed-in administrator's or member's token,
 * unwraps the envelope and shows its message (docs/architecture.md, "Wire contract").
 */
export {
  type ApiResponse,
  apiUri,
  createAxios,
  type RequestOptions,
} from '../../../apps/web/src/api/request';
