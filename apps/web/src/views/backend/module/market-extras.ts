/**
 * The market's links to the store (as in the original) as pure functions: when the goods
 * dialog offers "View demo", which addresses it may open, and where "Publishing module" and
 * "Get points" lead on the store. Links only ever carry addresses the store could have
 * accepted (http/https, and mailto for the contact): a store that sends anything else gets
 * no link.
 */
import {
  isStoreLink,
  isStorePath,
  STORE_CONTACT_PROTOCOLS,
  STORE_WEB_PROTOCOLS,
  type StoreDemo,
  type StoreModuleInfo,
} from '@portico/shared';
import type { GoodsActions } from './market';

/** The store's back-office module screen (menu rule store/module) and member-centre points page. */
const STORE_PUBLISH_PATH = '/admin/store/module';
const STORE_POINTS_PATH = '/user/account/integral';

/**
 * As in the original: "View demo" is offered while the module is not purchased, or can be installed
 * (once installed, the site has the real thing); never without an entry to show.
 */
export function demoShown(
  info: (Pick<StoreModuleInfo, 'demos'> & { purchased: boolean }) | null,
  actions: Pick<GoodsActions, 'install'>,
): boolean {
  if (!info || info.demos.length === 0) return false;
  return !info.purchased || actions.install;
}

/** The address itself when a browser may open it from the market, else ''. */
export const webLink = (url: string) => (isStoreLink(url, STORE_WEB_PROTOCOLS) ? url : '');
export const contactLink = (url: string) => (isStoreLink(url, STORE_CONTACT_PROTOCOLS) ? url : '');

/** The store's address for the browser: the one the site answers, or this site itself. */
export const storeBase = (marketUrl: string, here: string) => (marketUrl || here).replace(/\/+$/, '');

/** The demos a link can be made of, their QR images on the store (an upload's `/storage/...`) made absolute. */
export function demoEntries(demos: StoreDemo[], base: string): StoreDemo[] {
  return demos.flatMap((demo) => {
    const url = webLink(demo.url);
    if (!url) return [];
    const image = isStorePath(demo.image) ? `${base}${demo.image}` : webLink(demo.image);
    return [{ title: demo.title, url, image }];
  });
}

/** "Publishing module" and "Get points": the store's own screens, opened in a new tab. */
export function storeLinks(base: string) {
  return { publish: `${base}${STORE_PUBLISH_PATH}`, points: `${base}${STORE_POINTS_PATH}` };
}
