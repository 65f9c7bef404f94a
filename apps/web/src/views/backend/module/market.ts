/**
 * The market screens' decisions as pure functions (as in the original): how a price reads,
 * when a card says "New version", how the store's list and the modules on this machine
 * become one grid, which buttons the goods info offers, and which store answers ask for the
 * market login again.
 */
import { ModuleState, type StoreListItem, type StoreModuleInfo, type StorePriceType } from '@portico/shared';
import type { LocalModule } from '../../../api/backend/module';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** "10 points" / "10 积分" for points, "￥12.50" for money, "Free" for a free module. */
export function priceText(type: StorePriceType, price: string, t: Translate): string {
  if (type === 'free') return t('module.Free');
  if (type === 'score') return t('module.{n} points', { n: price });
  return `￥${price}`;
}

/** The struck-through price, '' when the store set none (or the same as today's). */
export function originalPriceText(
  item: Pick<StoreListItem, 'price_type' | 'price' | 'original_price'>,
  t: Translate,
) {
  const original = item.original_price;
  if (!original || Number(original) <= 0 || original === item.price || item.price_type === 'free') return '';
  return priceText(item.price_type, original, t);
}

const parts = (version: string) =>
  (version.replace(/^[vV]/, '').split('-')[0] ?? '').split('.').map((part) => Number(part) || 0);

/** Is `candidate` (the market's) newer than `current` (the machine's)? 1.0.10 > 1.0.9; '' is never newer. */
export function isNewerVersion(candidate: string, current: string): boolean {
  if (!candidate || !current) return false;
  const a = parts(candidate);
  const b = parts(current);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}

/** One card of the market grid: what the store lists, and the module on this machine if any. */
export interface MarketCard {
  uid: string;
  title: string;
  logo: string;
  tags: string[];
  downloads: number;
  price_type: StorePriceType;
  price: string;
  original_price: string;
  /** The store lists it (a module only on this machine is not for sale). */
  listed: boolean;
  /** The module on this machine, with its state; absent when it is not here. */
  local?: LocalModule;
  /** The store has a newer version than the one on this machine. */
  newVersion: boolean;
}

/** On the machine in a state other than "not there". */
export function onMachine(local: LocalModule | undefined): local is LocalModule {
  return !!local && local.state !== ModuleState.uninstalled;
}

/**
 * Uninstall is offered for a module with no files in the project (disabled, or an upload never
 * installed) when it would delete something: a shipped module never installed has nothing to go.
 */
export function canUninstall(local: LocalModule | undefined): boolean {
  return (
    !!local &&
    (local.state === ModuleState.disable || local.state === ModuleState.waitInstall) &&
    local.uninstall.removes.length > 0
  );
}

/**
 * The store's cards with the machine's state on each; on the "all" tab, the modules on this
 * machine that the store does not list come after them (matching the search, if any).
 */
export function mergeCards(
  list: StoreListItem[],
  local: LocalModule[],
  { allTab, keyword }: { allTab: boolean; keyword: string },
): MarketCard[] {
  const byUid = new Map(local.filter((m) => onMachine(m)).map((m) => [m.uid, m]));
  const cards: MarketCard[] = list.map((item) => {
    const here = byUid.get(item.uid);
    return {
      uid: item.uid,
      title: item.title,
      logo: item.logo,
      tags: item.tags,
      downloads: item.downloads,
      price_type: item.price_type,
      price: item.price,
      original_price: item.original_price,
      listed: true,
      local: here,
      newVersion: !!here && (here.update || isNewerVersion(item.version, here.version)),
    };
  });
  if (!allTab) return cards;
  const listed = new Set(list.map((item) => item.uid));
  const needle = keyword.trim().toLowerCase();
  for (const module of byUid.values()) {
    if (listed.has(module.uid)) continue;
    if (needle && !`${module.title} ${module.uid}`.toLowerCase().includes(needle)) continue;
    cards.push({
      uid: module.uid,
      title: module.title,
      logo: '',
      tags: [],
      downloads: 0,
      price_type: 'free',
      price: '0',
      original_price: '',
      listed: false,
      local: module,
      newVersion: !!module.update,
    });
  }
  return cards;
}

/** What the goods info dialog offers (the original's "Buttons"). */
export interface GoodsActions {
  buy: boolean;
  install: boolean;
  continueInstall: boolean;
  /** "installed vX", disabled. */
  installedVersion: string;
  /** "Local module vX", disabled: on the machine, not installed, not listed. */
  localVersion: string;
  update: boolean;
  /** The module status switch (installed, conflict pending, dependency waiting, disabled). */
  statusSwitch: boolean;
  uninstall: boolean;
}

const SWITCHABLE: ModuleState[] = [
  ModuleState.installed,
  ModuleState.conflictPending,
  ModuleState.dependentWaitInstall,
  ModuleState.disable,
];

/** Free, or the signed-in member's order covers the newest version. */
export function isPurchased(info: Pick<StoreModuleInfo, 'price_type' | 'purchase'>): boolean {
  return info.price_type === 'free' || info.purchase?.covered === true;
}

export function goodsActions(
  info: Pick<StoreModuleInfo, 'price_type' | 'purchase'> | null,
  card: Pick<MarketCard, 'listed' | 'local' | 'newVersion'>,
): GoodsActions {
  const state = onMachine(card.local) ? card.local.state : ModuleState.uninstalled;
  const purchased = info ? isPurchased(info) : false;
  const notHere = state === ModuleState.uninstalled;
  const statusSwitch = SWITCHABLE.includes(state);
  return {
    buy: card.listed && notHere && !purchased,
    install: (notHere && card.listed && purchased) || state === ModuleState.waitInstall,
    continueInstall: state === ModuleState.conflictPending || state === ModuleState.dependentWaitInstall,
    installedVersion: state === ModuleState.installed ? (card.local?.version ?? '') : '',
    localVersion:
      !card.listed && !notHere && state !== ModuleState.installed ? (card.local?.version ?? '') : '',
    update:
      card.listed &&
      card.newVersion &&
      (state === ModuleState.waitInstall || state === ModuleState.installed || state === ModuleState.disable),
    statusSwitch,
    uninstall: canUninstall(card.local),
  };
}

/** The order an install or update acts under: the member's paid order, 0 for a free module. */
export function orderIdFor(info: Pick<StoreModuleInfo, 'price_type' | 'purchase'> | null): number {
  if (!info || info.price_type === 'free') return 0;
  const order = info.purchase?.order;
  return order && order.status === 'paid' ? order.id : 0;
}

/** "nickname（email|mobile|ID:n）", as the buy dialog names the purchasing member. */
export function purchaserText(member: { id: number; nickname: string; email: string; mobile: string }) {
  return `${member.nickname}（${member.email || member.mobile || `ID:${member.id}`}）`;
}
