/** English. The texts every page may need (sign-in, shell); the back-office's are in ./backend and the member centre's in ./frontend, each loaded with its area. One file per area; every key exists in both languages. */
import type { Pack } from '../pack';
import axios from './axios';
import { globs, login, noPower, notFound, pagesTitle, pageUnavailable, utils, validate } from './common';
import layouts from './layouts';

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
  layouts,
} satisfies Pack;
