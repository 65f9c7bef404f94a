/** Value → translation key maps the store's screens share. */
export const STATUS = { '1': 'store.Enabled', '0': 'store.Disabled' };
export const PRICE_TYPES = { free: 'store.free', score: 'store.score', money: 'store.money' };
export const ORDER_STATUS = { unpaid: 'store.unpaid', paid: 'store.paid' };
