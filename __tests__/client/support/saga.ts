/**
 * Set-up shared by the saga tests (`expectSaga` on the real slices): the `navigate` the sagas take from their
 * context, and `console.error` silenced (the sagas log failures there), both fresh for every test.
 */
export function sagaTestContext(): { navigate: jest.Mock; consoleError: jest.Mock } {
  const navigate = jest.fn();
  /** What `console.error` was called with during the test. */
  const consoleError = jest.fn();
  let spy: jest.SpyInstance;
  beforeEach(() => {
    navigate.mockReset();
    consoleError.mockReset();
    spy = jest.spyOn(console, 'error').mockImplementation(consoleError);
  });
  afterEach(() => spy.mockRestore());
  return { navigate, consoleError };
}

/** A promise of `value` after `ms` milliseconds (a provider's slow answer). */
export const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
