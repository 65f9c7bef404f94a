/**
 * The administrator's module market account (reference: baAccount): the store member's token
 * and profile, persisted like the other admin settings (localStorage, never in a URL). The
 * member dialog's open state lives here too, so any market answer asking for a login opens it.
 */
import type { MarketMember } from '@portico/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface MarketStore {
  token: string;
  member: MarketMember | null;
  memberDialog: boolean;
  signIn(token: string, member: MarketMember): void;
  setMember(member: MarketMember): void;
  signOut(): void;
  /** The store said the login is missing or expired: forget it and ask for it again. */
  expire(): void;
  showMemberDialog(open: boolean): void;
}

export const useMarket = create<MarketStore>()(
  persist(
    (set) => ({
      token: '',
      member: null,
      memberDialog: false,
      signIn: (token, member) => set({ token, member }),
      setMember: (member) => set({ member }),
      signOut: () => set({ token: '', member: null }),
      expire: () => set({ token: '', member: null, memberDialog: true }),
      showMemberDialog: (memberDialog) => set({ memberDialog }),
    }),
    { name: 'storeMarketMember', partialize: ({ token, member }) => ({ token, member }) },
  ),
);
