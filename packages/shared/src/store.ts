/**
 * The module store's wire contract (`/api/store/*`): what a Portico instance acting as a store
 * answers to the market screens and to other sites. Prices follow the house rule for money:
 * integer cents in the database, a 2-decimal string on the wire; points are whole numbers, also
 * sent as a string so one field serves both (`price_type` says which).
 */

/** `free` needs no order: any signed-in member may download it. */
export const STORE_PRICE_TYPES = ['free', 'score', 'money'] as const;
export type StorePriceType = (typeof STORE_PRICE_TYPES)[number];

export const STORE_ORDER_STATUSES = ['unpaid', 'paid'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** A paid order covers the versions released up to this many days after payment. */
export const STORE_PERIOD_DAYS = 365;

/** The "all" tab of the category list: `category=0` (or `all`) lists every category. */
export const STORE_ALL_CATEGORY = 0;

export interface StoreCategory {
  /** 0 is the "all" tab, always first. */
  id: number;
  name: string;
}

/** A card of the store's list. */
export interface StoreListItem {
  uid: string;
  title: string;
  logo: string;
  tags: string[];
  category_id: number;
  /** The category's name, '' when it has none. */
  category: string;
  developer: string;
  price_type: StorePriceType;
  /** "12.50" (money) or "10" (points); "0" when free. */
  price: string;
  /** The struck-through price, '' when there is none. */
  original_price: string;
  downloads: number;
  /** The newest published version, '' before the first upload. */
  version: string;
  /** When the newest version was released (unix seconds), else when the module was created. */
  update_time: number;
}

/** `GET /api/store/index?keyword&category&page&limit`. */
export interface StoreListAnswer {
  /** The "all" tab first, then the enabled categories by weight. */
  categories: StoreCategory[];
  list: StoreListItem[];
  total: number;
  page: number;
  limit: number;
}

export interface StoreVersionInfo {
  version: string;
  update_log: string;
  release_time: number;
  /** The package's size in bytes and its SHA-256 (hex), for the site to check what it downloads. */
  size: number;
  sha256: string;
}

/** The signed-in member's standing for one module (info and preCheck). */
export interface StorePurchase {
  /** Free, or a paid order that covers the newest version. */
  covered: boolean;
  /** The member's most useful order for the module: paid with the latest period, else unpaid. */
  order: StoreOrder | null;
}

/**
 * A "View demo" entry of a module (as in the original): a title and the demo's address, with an
 * optional QR code image shown as "Code scanning Preview". `url` is http(s); `image` is
 * http(s) or a path on the store (an uploaded attachment, `/storage/...`).
 */
export interface StoreDemo {
  title: string;
  url: string;
  /** '' when the entry has no QR code. */
  image: string;
}

/** What the store accepts for a module's demos and developer contact. */
export const STORE_DEMO_LIMITS = { count: 10, title: 50, url: 500 } as const;

/** `GET /api/store/info?uid`. */
export interface StoreModuleInfo extends StoreListItem {
  images: string[];
  /** Rendered from the stored markdown and sanitized: safe to insert as HTML. */
  description: string;
  developer_url: string;
  /** How to reach the developer: an http(s) or mailto: address, '' when none. */
  developer_contact: string;
  /** The "View demo" entries, in the order the store set them. */
  demos: StoreDemo[];
  /** When the module was first published (unix seconds). */
  create_time: number;
  /** Newest first. */
  versions: StoreVersionInfo[];
  /** The developer's other enabled modules. */
  developer_works: StoreListItem[];
  /** Present only when the request carries a valid member token. */
  purchase?: StorePurchase;
}

export interface StoreOrder {
  id: number;
  order_no: string;
  uid: string;
  module_title: string;
  price_type: Exclude<StorePriceType, 'free'>;
  /** What the order charges, in the unit of `price_type` (see `price`). */
  amount: string;
  status: StoreOrderStatus;
  create_time: number;
  pay_time: number | null;
  /** The end of the download and update period; versions released later are not covered. */
  expire_time: number | null;
}

/** `POST /api/store/pay`: the paid order and what the member has left. */
export interface StorePayAnswer {
  order: StoreOrder;
  score: number;
  money: string;
}

/**
 * `GET /api/store/preCheck?uid&version&order_id` with the member's token: code 1 with this
 * when the member may download that version (the newest when none is named), code 0 with the
 * reason when not. A uid the store does not sell answers code 1 with `listed: false`: the store
 * has no say over modules it does not publish (a site's own uploads).
 */
export interface StorePreCheck {
  uid: string;
  listed: boolean;
  version: string;
  sha256: string;
  size: number;
  free: boolean;
  /** The order that covers the version (null for free modules or unlisted ones). */
  order_id: number | null;
  expire_time: number | null;
}

/** Header of a package download carrying its SHA-256 (hex), as published in the module info. */
export const STORE_SHA256_HEADER = 'x-package-sha256';

/** Protocols of a store link a browser opens: a demo, the developer's website. */
export const STORE_WEB_PROTOCOLS = ['http:', 'https:'] as const;
/** The developer contact may also be an e-mail address. */
export const STORE_CONTACT_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/**
 * An absolute address using one of `protocols`, with nothing a browser might read another way
 * (spaces, control characters, backslashes): what the store accepts, and what the market
 * screens agree to put in a link (so a `javascript:` address is neither stored nor opened).
 */
export function isStoreLink(value: string, protocols: readonly string[]): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!value || /[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!protocols.includes(url.protocol)) return false;
  return url.protocol === 'mailto:' ? url.pathname.length > 0 : url.hostname.length > 0;
}

/** A path on the store itself, as an uploaded attachment's URL is (`/storage/...`), never `//host`. */
export const isStorePath = (value: string): boolean => /^\/(?!\/)[\w.~%/-]*$/.test(value);
