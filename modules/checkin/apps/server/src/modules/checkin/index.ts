/**
 * Daily check-in, the module's server entry: members check in once per site day in the member
 * centre and receive the configured points through the points log; the back-office lists the
 * check-ins and holds the reward setting.
 */
import { defineModule } from '@portico/server-sdk';
import { registerCheckinAdmin } from './admin.resource.js';
import { CHECKIN_LANG } from './lang.js';
import { registerCheckinMemberRoutes } from './member.routes.js';
import { CHECKIN_TABLES, checkinMigrations } from './tables.js';

export default defineModule({
  uid: 'checkin',
  version: '1.0.0',
  tables: CHECKIN_TABLES,
  migrations: checkinMigrations,
  routes(app, ctx) {
    registerCheckinMemberRoutes(app, ctx);
    registerCheckinAdmin(app, ctx);
  },
  // Menu icons are names the core's icon map knows (apps/web/src/components/icon.tsx): a gift.
  adminRules: [
    {
      type: 'menu',
      // Beside the points log, under "Members".
      parent: 'user',
      title: ['每日签到', 'Daily check-in'],
      name: 'checkin/checkin',
      icon: 'el-icon-Discount',
      component: '/src/views/backend/checkin/checkin/index.vue',
      keepalive: true,
      weigh: 85,
      children: [
        { type: 'button', title: ['查看', 'View'], name: 'checkin/checkin/index' },
        { type: 'button', title: ['导出', 'Export'], name: 'checkin/checkin/export' },
        { type: 'button', title: ['签到奖励设置', 'Reward setting'], name: 'checkin/checkin/config' },
      ],
    },
  ],
  memberRules: [
    {
      type: 'menu',
      parent: 'account',
      title: ['每日签到', 'Daily check-in'],
      name: 'checkin/index',
      icon: 'el-icon-Discount',
      component: '/src/views/frontend/user/checkin/index.vue',
      weigh: 98,
    },
  ],
  lang: CHECKIN_LANG,
});
