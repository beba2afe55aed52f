import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session';

/** Persisted (key `uiPrefs`): sidebar open/mini and each sidebar section's open state (docs/product.md "Sidebar"). */
export interface UiPrefsState {
  sidebarOpen: boolean;
  sectionOpen: Record<string, boolean>;
}

const initialState: UiPrefsState = { sidebarOpen: true, sectionOpen: {} };

export const uiPrefsSlice = createSlice({
  name: 'uiPrefs',
  initialState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    sidebarOpenSet(state, action: PayloadAction<boolean>) {
      state.sidebarOpen = action.payload;
    },
    /** Sections are open unless the user closed them. */
    sectionToggled(state, action: PayloadAction<string>) {
      state.sectionOpen[action.payload] = !(state.sectionOpen[action.payload] ?? true);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectSectionOpen: (state, section: string) => state.sectionOpen[section] ?? true,
  },
});

export const { sidebarToggled, sidebarOpenSet, sectionToggled } = uiPrefsSlice.actions;
export const { selectSidebarOpen, selectSectionOpen } = uiPrefsSlice.selectors;
export const uiPrefsReducer = uiPrefsSlice.reducer;
