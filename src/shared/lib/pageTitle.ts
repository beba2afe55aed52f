import { useEffect, useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '../copy';

/*
 * Page titles (docs/responsive.md "Page titles"): every route names itself, most specific part first, and the
 * browser tab reads `{most specific} · … · Momentum` (`로그인 오류 · 이슈 · 개발팀 · Momentum`). The phone's top app
 * bar shows the most specific part. Kept outside Redux: it is derived view state, set by the page on screen.
 */

/** A part of a title; empty, null and undefined parts (not loaded yet) are left out. */
export type TitlePart = string | null | undefined | false;

/** The document title for these parts: `a · b · Momentum` (just `Momentum` without parts). */
export function documentTitleOf(parts: readonly TitlePart[]): string {
  const named = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return [...named.map((part) => part.trim()), PRODUCT_NAME].join(' · ');
}

let current: readonly string[] = [];
const listeners = new Set<() => void>();

function publish(parts: readonly string[]) {
  current = parts;
  for (const listener of listeners) listener();
}

/**
 * Names the page on screen: sets `document.title` to `documentTitleOf(parts)` while the page is mounted and
 * publishes the parts to the app bar (`usePageHeading`). Call it once per page, in the page component; later
 * calls (a child page) win while they are mounted.
 */
export function usePageTitle(...parts: TitlePart[]): void {
  const key = JSON.stringify(parts.map((part) => (typeof part === 'string' ? part : null)));
  useEffect(() => {
    const named = (JSON.parse(key) as Array<string | null>).filter(
      (part): part is string => part !== null && part.trim() !== '',
    );
    const previous = { title: document.title, parts: current };
    document.title = documentTitleOf(named);
    publish(named);
    return () => {
      document.title = previous.title;
      publish(previous.parts);
    };
  }, [key]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The most specific part of the current page's title ('' before a page names itself), for the app bar. */
export function usePageHeading(): string {
  return useSyncExternalStore(
    subscribe,
    () => current[0] ?? '',
    () => '',
  );
}
