/** Every feature's routes, registered in one place so the map of the API is easy to read. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerAdminIndexRoutes } from './admin-index/admin-index.routes.js';
import { registerAdminLogRecorder } from './admin-log/admin-log.recorder.js';
import { registerAdminLogResource } from './admin-log/admin-log.resource.js';
import { registerClearCacheRoute } from './ajax/clear-cache.routes.js';
import { registerTableInfoRoutes } from './ajax/table-info.routes.js';
import { registerAreaRoutes } from './area/area.routes.js';
import { registerAdminResource } from './auth/admin.resource.js';
import { registerGroupResource } from './auth/group.resource.js';
import { registerRuleResource } from './auth/rule.resource.js';
import { registerCommonRoutes } from './common/common.routes.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { registerHealthRoute } from './health/health.routes.js';
import { registerAccountRoutes } from './member/account.routes.js';
import { registerMemberRoutes } from './member/member.routes.js';
import { registerAdminInfoRoutes } from './routine/admin-info.routes.js';
import { registerConfigRoutes } from './routine/config.routes.js';
import { registerAttachmentResource } from './upload/attachment.resource.js';
import { registerSuffixSvgRoutes } from './upload/suffix-svg.js';
import { registerUploadRoutes } from './upload/upload.routes.js';
import { registerSendCodeRoutes } from './verify/send-code.routes.js';

export async function registerFeatures(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAdminLogRecorder(app, ctx);
  registerHealthRoute(app);
  registerAdminIndexRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerClearCacheRoute(app, ctx);
  registerAreaRoutes(app, ctx);
  await registerUploadRoutes(app, ctx);
  registerAttachmentResource(app, ctx);
  registerSuffixSvgRoutes(app, ctx);
  registerAdminInfoRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  registerCommonRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerSendCodeRoutes(app, ctx);
  registerAdminResource(app, ctx);
  registerGroupResource(app, ctx);
  registerRuleResource(app, ctx);
  registerAdminLogResource(app, ctx);
  registerTableInfoRoutes(app, ctx);
}
