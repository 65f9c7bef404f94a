/**
 * Tells the market API (api/backend/market.ts) how to read and expire the market login, which
 * lives in the market store: the request layer imports no store (docs/architecture.md, "Layers"). The market's views
 * import this module, so it runs before their first call; the app's start-up does not, so the
 * sign-in page does not load the market API and store (2.7 KB).
 */
import { configureMarketSession } from '../../../api/backend/market';
import { useMarket } from '../../../stores/market';

configureMarketSession({
  token: () => useMarket.getState().token,
  expire: () => useMarket.getState().expire(),
});
