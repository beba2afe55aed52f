import { useEffect, useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '../shellCopy';

/*
 * Page titles (docs/responsive.md "Page titles"): every route names itself, most specific part first, and the
 * browser tab reads `{most specific} · … · Momentum` (`로그인 오류 · 이슈 · 개발팀 · Momentum`). The phone's top app
 * bar shows the most specific part. Kept outside Redux: it is derived view state, set by the page on screen.
 */

/**
 * A part of a title; empty, null and undefined parts (not loaded yet) are left out. `{ section }` names the area a
 * page belongs to (`설정`): it is in the tab's title but not the app bar's heading, which names the page itself.
 */
export type TitlePart = string | { section: string } | null | undefined | false;

interface NamedPart {
  text: string;
  section: boolean;
}

function named(parts: readonly TitlePart[]): NamedPart[] {
  const out: NamedPart[] = [];
  for (const part of parts) {
    if (typeof part === 'string' && part.trim() !== '') out.push({ text: part.trim(), section: false });
    else if (typeof part === 'object' && part !== null && part.section.trim() !== '')
      out.push({ text: part.section.trim(), section: true });
  }
  return out;
}

/** The document title for these parts: `a · b · Momentum` (just `Momentum` without parts). */
export function documentTitleOf(parts: readonly TitlePart[]): string {
  return [...named(parts).map((part) => part.text), PRODUCT_NAME].join(' · ');
}

/** What the app bar shows: the first part that is not a section (else the first part), '' without parts. */
function headingOf(parts: readonly NamedPart[]): string {
  return (parts.find((part) => !part.section) ?? parts[0])?.text ?? '';
}

let current = '';
const listeners = new Set<() => void>();

function publish(heading: string) {
  current = heading;
  for (const listener of listeners) listener();
}

/**
 * Names the page on screen: sets `document.title` to `documentTitleOf(parts)` while the page is mounted and
 * publishes its heading to the app bar (`usePageHeading`). Call it once per page, in the page component; later
 * calls (a child page) win while they are mounted.
 */
export function usePageTitle(...parts: TitlePart[]): void {
  const key = JSON.stringify(named(parts));
  useEffect(() => {
    const list = JSON.parse(key) as NamedPart[];
    const previous = { title: document.title, heading: current };
    document.title = [...list.map((part) => part.text), PRODUCT_NAME].join(' · ');
    publish(headingOf(list));
    return () => {
      document.title = previous.title;
      publish(previous.heading);
    };
  }, [key]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current page's heading (its most specific part; '' before a page names itself), for the app bar. */
export function usePageHeading(): string {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => '',
  );
}
