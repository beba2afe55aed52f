/*
 * A desktop browser with a mouse for MUI X: `(pointer: fine)` matches, so the desktop pickers (a calendar button and
 * a popper) render. Import it first: MUI reads `window.matchMedia` when its modules load.
 */
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: query.includes('pointer: fine'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

export {};
