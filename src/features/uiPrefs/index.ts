/** Public entry of the UI preferences feature: what other features may use. */
export {
  sectionToggled,
  selectSectionOpen,
  selectSidebarOpen,
  sidebarOpenSet,
  sidebarToggled,
} from './uiPrefsSlice';
