/*
 * `J` / `K` / `Enter` in a list (docs/product.md "Search"), without the list's help: the rows of any grouped list
 * (items and notifications both render `ItemRow`, `data-testid="item-row"`) are found in the page, focus moves
 * from row to row, and Enter on a row so focused opens it as a click on its link would.
 */

const ROW_SELECTOR = '[data-testid="item-row"]';

function rows(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(ROW_SELECTOR));
}

/** What takes the focus in a row: its link, else its checkbox (delete mode), else the row itself. */
function focusTarget(row: HTMLElement): HTMLElement {
  const target = row.querySelector<HTMLElement>('a[href], input[type="checkbox"]');
  if (target) return target;
  row.tabIndex = -1;
  return row;
}

/** The row holding the focus, if any. */
function focusedRow(root: ParentNode): HTMLElement | undefined {
  const active = document.activeElement;
  return active ? rows(root).find((row) => row.contains(active)) : undefined;
}

/**
 * Moves the focus to the next (`1`) or previous (`-1`) row, stopping at the ends; without a focused row, to the
 * first. Returns false when the page has no rows.
 */
export function moveRowFocus(step: 1 | -1, root: ParentNode = document): boolean {
  const all = rows(root);
  if (all.length === 0) return false;
  const current = focusedRow(root);
  const index = current ? all.indexOf(current) : -1;
  const next = index < 0 ? 0 : Math.min(all.length - 1, Math.max(0, index + step));
  const target = focusTarget(all[next]!);
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/**
 * Enter on a focused row's link (or on the row): opens it through the link, so the list's own click handling
 * (new tab for externals, the router for the rest) applies. Returns false when no row link has the focus.
 */
export function openFocusedRow(root: ParentNode = document): boolean {
  const row = focusedRow(root);
  const active = document.activeElement;
  if (!row || !(active instanceof HTMLElement)) return false;
  const link = active === row ? row.querySelector<HTMLElement>('a[href]') : active.closest('a[href]');
  if (!(link instanceof HTMLElement) || !row.contains(link)) return false;
  link.click();
  return true;
}
