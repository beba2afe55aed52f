import type { InviteState } from './inviteSlice';

/*
 * The invite token of an opened invite link, kept per tab (docs/security.md): it is a credential, so not in local
 * storage — but the sign-in goes through a full-page OAuth redirect in the same tab, which memory would not
 * survive. Session storage lives exactly as long as the tab and is not shared with other tabs.
 */

/** The session-storage key of the token. */
export const INVITE_TOKEN_KEY = 'momentum:inviteToken';

/** What of `Storage` this needs (tests pass a map). */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `window.sessionStorage`, or null where it is unavailable (private mode, disabled storage). */
export function browserTabStorage(): TabStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The token this tab kept, or null (also when storage fails). */
export function readInviteToken(storage: TabStorage | null): string | null {
  try {
    return storage?.getItem(INVITE_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Keeps `invite.token` of the store in `storage` from now on: written when it changes, removed when cleared (sign
 * out). Returns the unsubscribe.
 */
export function keepInviteTokenInTab(
  store: { getState(): { invite: InviteState }; subscribe(listener: () => void): () => void },
  storage: TabStorage | null,
): () => void {
  let kept = readInviteToken(storage);
  return store.subscribe(() => {
    const token = store.getState().invite.token;
    if (token === kept) return;
    kept = token;
    try {
      if (token) storage?.setItem(INVITE_TOKEN_KEY, token);
      else storage?.removeItem(INVITE_TOKEN_KEY);
    } catch {
      // storage unavailable or full: the token stays in memory
    }
  });
}
