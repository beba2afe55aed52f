import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ItemKind, State } from '../../../contract/itemEnums';
import { signedOut } from '../session';

/*
 * Recently opened items (docs/product.md "Search"): what the command palette shows with an empty query. Recorded
 * when a detail page has loaded its item or when the palette opens one; persisted (key `search`, ids and titles
 * only — never the API cache) and cleared on sign-out.
 */

export interface RecentItem {
  kind: ItemKind;
  id: number;
  teamId: number;
  teamName: string;
  /** Generated name (`Acme-i12`). */
  name: string;
  title: string;
  state: State;
}

export interface SearchState {
  recent: RecentItem[];
}

/** How many recent items are kept. */
export const RECENT_MAX = 8;

/** The stored keys of the slice. */
export const SEARCH_PERSISTED_KEYS = ['recent'] as const;

const initialState: SearchState = { recent: [] };

const sameItem = (a: RecentItem, b: RecentItem) => a.kind === b.kind && a.id === b.id;

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    /** The item moves (or comes) to the front; the oldest beyond `RECENT_MAX` drop out. */
    recentItemVisited(state, action: PayloadAction<RecentItem>) {
      const item = action.payload;
      const first = state.recent[0];
      if (first && sameItem(first, item) && JSON.stringify(first) === JSON.stringify(item)) return;
      state.recent = [item, ...state.recent.filter((other) => !sameItem(other, item))].slice(0, RECENT_MAX);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectRecentItems: (state) => state.recent,
  },
});

export const { recentItemVisited } = searchSlice.actions;
export const { selectRecentItems } = searchSlice.selectors;
export const searchReducer = searchSlice.reducer;
