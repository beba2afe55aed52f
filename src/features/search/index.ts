/*
 * Public entry of the search feature (docs/product.md "Search"): the command palette, the keyboard shortcuts and
 * the recently opened items. The shell mounts `SearchLayer` (the palette and help dialog load as the
 * `search-palette` chunk on first use); the store registers the recent-items slice.
 */
export { SearchLayer, loadCommandPalette } from './SearchLayer';
export {
  RECENT_MAX,
  SEARCH_PERSISTED_KEYS,
  recentItemVisited,
  searchReducer,
  selectRecentItems,
  type RecentItem,
  type SearchState,
} from './recentSlice';
