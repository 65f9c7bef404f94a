/**
 * The module market through this server's proxy `/admin/module/market?path=<store path>`
 * (as in the original): the market member's token goes in `x-market-token`. The store's
 * member-login codes come back as the market's 301 and 408: they clear the market login and
 * open the member dialog. The site's own 303 and 409 (the administrator's session) are the
 * request layer's as on any call: 409 refreshes the admin token and replays, 303 signs in.
 */
import {
  AdminController,
  adminUrl,
  IDEMPOTENCY_KEY_HEADER,
  type MarketMember,
  needsMarketLogin,
  type StoreListAnswer,
  type StoreModuleInfo,
  type StoreOrder,
  type StorePayAnswer,
  type StorePriceType,
} from '@portico/shared';

import { type ApiResponse, createAxios } from '../request';

const MARKET_URL = adminUrl(AdminController.module, 'market');

/**
 * The market login lives in the market store, which this layer does not import (docs/architecture.md, "Layers"):
 * start-up hands in how to read its token and how to expire it (configureMarketSession).
 */
export interface MarketSession {
  token(): string;
  /** The store asked for its login again: forget it and open the member dialog. */
  expire(): void;
}

let session: MarketSession = {
  token: () => {
    throw new Error('The market session is not configured: call configureMarketSession() at start.');
  },
  expire: () => {},
};

export function configureMarketSession(given: MarketSession): void {
  session = given;
}

function isEnvelope(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && 'code' in value;
}

async function market<T>(
  path: string,
  {
    method = 'get',
    params = {},
    data,
    headers = {},
    showSuccessMessage = false,
  }: {
    method?: 'get' | 'post';
    params?: Record<string, string | number>;
    data?: object;
    headers?: Record<string, string>;
    showSuccessMessage?: boolean;
  } = {},
): Promise<ApiResponse<T>> {
  const token = session.token();
  try {
    return await createAxios<T>(
      {
        url: MARKET_URL,
        method,
        params: { ...params, path },
        data,
        headers: { ...headers, ...(token ? { 'x-market-token': token } : {}) },
      },
      { showSuccessMessage },
    );
  } catch (error) {
    if (isEnvelope(error) && needsMarketLogin(error.code)) session.expire();
    throw error;
  }
}

export function storeIndex(params: { keyword: string; category: number; limit?: number }) {
  return market<StoreListAnswer>('store/index', { params: { limit: 100, ...params } });
}

export function storeInfo(uid: string) {
  return market<StoreModuleInfo>('store/info', { params: { uid } });
}

export function storeOrders() {
  return market<{ list: StoreOrder[]; total: number }>('store/orders', { params: { limit: 50 } });
}

export function createOrder(uid: string) {
  return market<{ order: StoreOrder; purchased: boolean }>('store/order', {
    method: 'post',
    data: { uid },
  });
}

/** `onceKey`: the same for every retry of one payment, so the store charges it once. */
export function payOrder(orderId: number, payType: Exclude<StorePriceType, 'free'>, onceKey: string) {
  return market<StorePayAnswer>('store/pay', {
    method: 'post',
    data: { order_id: orderId, pay_type: payType },
    headers: { [IDEMPOTENCY_KEY_HEADER]: onceKey },
    showSuccessMessage: true,
  });
}

export function marketLoginConfig() {
  return market<{ userLoginCaptchaSwitch: boolean }>('user/checkIn');
}

export function marketLogin(data: {
  username: string;
  password: string;
  captchaId: string;
  captchaInfo: string;
  keep: boolean;
}) {
  return market<{ userInfo: MarketMember & { token: string } }>('user/checkIn', {
    method: 'post',
    data: { ...data, tab: 'login' },
    showSuccessMessage: true,
  });
}

export function marketLogout() {
  return market('user/logout', { method: 'post' });
}

export function marketMemberInfo() {
  return market<{ userInfo: MarketMember | null }>('index/index');
}

/** The store's image captcha as a data: URL (an <img> cannot send the administrator's token). */
export async function marketCaptcha(id: string): Promise<string> {
  const response = await createAxios<string>(
    { url: MARKET_URL, method: 'get', params: { path: 'common/captcha', id }, responseType: 'text' },
    { reductDataFormat: false, cancelDuplicateRequest: false },
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(String(response.data))}`;
}
