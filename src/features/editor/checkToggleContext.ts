import { createContext } from 'react';
import type { Path } from 'slate';

/**
 * Read-only check items (view mode, docs/product.md "Description"): when the page lets the reader tick them, this
 * holds what a tick does — flip the item at `path` and report the new document; null keeps them inert.
 */
export const CheckToggleContext = createContext<((path: Path) => void) | null>(null);
