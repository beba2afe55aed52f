/**
 * Full-page browser navigation, kept in one module so screens stay declarative and tests can observe it.
 */

/** Leaves the SPA for `url` (OAuth start, external pages), keeping the current page in history. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** Leaves the SPA for `url` without a history entry (the `/` landing redirect). */
export function replaceLocation(url: string): void {
  window.location.replace(url);
}

/** True for an absolute http(s) URL, false for an in-app path. */
export function isAbsoluteHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * "돌아가기" of the error screen: one page back, then a full reload of that page (fresh chunks and state).
 * With no previous page, reloads the current one.
 */
export function goBackAndReload(): void {
  if (window.history.length <= 1) {
    window.location.reload();
    return;
  }
  window.addEventListener('popstate', () => window.location.reload(), { once: true });
  window.history.back();
}

/**
 * True when the current document was loaded by a reload (Navigation Timing level 2). False for a first load,
 * a link or a typed URL, and wherever the API is missing.
 */
export function isPageReload(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}
