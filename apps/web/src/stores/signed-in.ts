/**
 * What the signed-in administrator's and member's stores share (stores/admin-info.ts,
 * stores/user-info.ts): the identity the server answered, its two tokens, persisted under
 * the original's storage key, and forgotten at once on logout or a failed refresh.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type SignedInStore<Info> = Info & {
  /** Fills in what the server answered (login, the area's index). */
  setInfo(info: Partial<Info>): void;
  setToken(token: string, kind: 'auth' | 'refresh'): void;
  /** Forgets who was signed in (logout, failed refresh). */
  clear(): void;
};

/** A persisted store of `Info`, starting (and cleared back to) `signedOut`. */
export function signedInStore<Info extends { token: string; refresh_token: string }>(
  storageKey: string,
  signedOut: Info,
) {
  // `Info` fields are a part of the store's state; TypeScript cannot see that for a generic.
  const patch = (fields: Partial<Info>) => fields as unknown as Partial<SignedInStore<Info>>;
  return create<SignedInStore<Info>>()(
    persist(
      (set) =>
        ({
          ...signedOut,
          setInfo: (info: Partial<Info>) => set(patch(info)),
          setToken: (token: string, kind: 'auth' | 'refresh') =>
            set(patch((kind === 'auth' ? { token } : { refresh_token: token }) as Partial<Info>)),
          clear: () => set(patch(signedOut)),
        }) as SignedInStore<Info>,
      { name: storageKey },
    ),
  );
}
