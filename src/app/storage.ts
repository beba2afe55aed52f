import type { WebStorage } from 'redux-persist';

/**
 * redux-persist storage over `window.localStorage` (what `redux-persist/lib/storage` does, without its
 * untyped deep import). Failures (private mode, quota) degrade to "nothing stored".
 */
export const localStorageAdapter: WebStorage = {
  getItem: (key) => {
    try {
      return Promise.resolve(window.localStorage.getItem(key));
    } catch {
      return Promise.resolve(null);
    }
  },
  setItem: (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable or full: the in-memory store keeps working
    }
    return Promise.resolve();
  },
  removeItem: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
    return Promise.resolve();
  },
};

/** In-memory storage with the same interface (tests, or environments without localStorage). */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): WebStorage & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => Promise.resolve(data.get(key) ?? null),
    setItem: (key, value) => {
      data.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      data.delete(key);
      return Promise.resolve();
    },
    dump: () => Object.fromEntries(data),
  };
}
