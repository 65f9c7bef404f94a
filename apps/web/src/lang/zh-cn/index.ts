/** Simplified Chinese, the default language. The texts every page may need (sign-in, member centre, shell); the back-office areas are in ./backend, loaded with the back-office. One file per area; every key exists in both languages. */
import type { Pack } from '../pack';
import axios from './axios';
import {
  globs,
  login,
  noPower,
  notFound,
  pagesTitle,
  pageUnavailable,
  sessions,
  utils,
  validate,
} from './common';
import layouts from './layouts';
import { account, user } from './member-center';
import * as members from './members';

export default {
  globs,
  axios,
  pagesTitle,
  '404': notFound,
  '401': noPower,
  pageUnavailable,
  utils,
  validate,
  login,
  sessions,
  user,
  account,
  layouts,
  // The member centre shows members' fields and ledgers too.
  'user.user': members.user,
  'user.group': members.group,
  'user.rule': members.rule,
  'user.ledger': members.ledger,
} satisfies Pack;
