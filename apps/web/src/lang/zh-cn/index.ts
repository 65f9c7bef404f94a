/** Simplified Chinese, the default language. One file per area; every key exists in both languages. */
import type { Pack } from '../index';
import { admin, adminLog, group, rule } from './auth';
import axios from './axios';
import { globs, login, noPower, notFound, pagesTitle, utils, validate } from './common';
import dashboard from './dashboard';
import layouts from './layouts';
import { account, user } from './member-center';
import * as members from './members';
import moduleMarket from './module';
import { adminInfo, attachment, config } from './routine';
import { security } from './security';
import terminal from './terminal';

export default {
  globs,
  axios,
  pagesTitle,
  '404': notFound,
  '401': noPower,
  utils,
  validate,
  login,
  user,
  account,
  layouts,
  dashboard,
  'auth.admin': admin,
  'auth.group': group,
  'auth.rule': rule,
  'auth.adminLog': adminLog,
  'routine.attachment': attachment,
  'routine.adminInfo': adminInfo,
  'routine.config': config,
  'user.user': members.user,
  'user.group': members.group,
  'user.rule': members.rule,
  'user.ledger': members.ledger,
  security,
  terminal,
  module: moduleMarket,
} satisfies Pack;
