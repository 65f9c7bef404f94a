/**
 * Install data added by migration 0025: the site's public home, where members and visitors
 * land from the member centre's Home and a content page's brand link. Blank is the member
 * centre; otherwise the id of a published content page (kind `page`).
 */
import { config } from './config-rows.js';
import { rowsOf } from './seeded.js';

export const HOME_PAGE_SETTING = 'home_page';

export const SEEDED_HOME_PAGE_ROWS = [
  config(29, HOME_PAGE_SETTING, 'basics', 'Home page', '', {
    type: 'remoteSelect',
    tip: [
      '会员和访客点“首页”时打开的内容页面；留空为会员中心',
      'The content page members and visitors open with "Home"; blank: the member centre',
    ],
    weigh: 2,
  }),
];

export const HOME_PAGE_ROWS = rowsOf(SEEDED_HOME_PAGE_ROWS);
