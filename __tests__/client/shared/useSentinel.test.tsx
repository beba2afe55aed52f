import { act, render, waitFor } from '@testing-library/react';
import { useSentinel } from '../../../src/shared/lib/useSentinel';
import { installFakeIntersectionObserver } from '../support/intersectionObserver';

/*
 * The infinite-scroll sentinel of the lists (src/shared/lib/useSentinel.ts): it loads the next page when it comes
 * into view, and mounting it costs no second render — a list page's first rows are painted after one render.
 */

/** A list body with its sentinel; counts its renders and its loads. */
function renderList(enabled: boolean) {
  const seen = { renders: 0, loads: 0 };
  function List({ on }: { on: boolean }) {
    seen.renders += 1;
    const sentinel = useSentinel(() => {
      seen.loads += 1;
    }, on);
    return (
      <ul>
        <li>row</li>
        <div ref={sentinel} data-testid="sentinel" />
      </ul>
    );
  }
  const view = render(<List on={enabled} />);
  return { seen, rerender: (on: boolean) => view.rerender(<List on={on} />), unmount: view.unmount };
}

describe('useSentinel', () => {
  let observer: ReturnType<typeof installFakeIntersectionObserver>;
  beforeEach(() => {
    observer = installFakeIntersectionObserver();
  });
  afterEach(() => observer.uninstall());

  it('mounting the sentinel renders the list once (no second, synchronous render)', () => {
    const { seen } = renderList(true);
    // React's StrictMode is not on here: one render per commit.
    expect(seen.renders).toBe(1);
    expect(observer.count).toBe(1);
  });

  it('loads when the sentinel is in view, only while enabled, with a fresh observer after each page', () => {
    const { seen, rerender, unmount } = renderList(false);
    expect(observer.count).toBe(0);
    act(() => observer.fire());
    expect(seen.loads).toBe(0);

    rerender(true);
    expect(observer.count).toBe(1);
    act(() => observer.fire());
    expect(seen.loads).toBe(1);

    // A page is loading: no observer; the page arrived: a new one, so a sentinel still in view loads on.
    rerender(false);
    expect(observer.count).toBe(0);
    rerender(true);
    expect(observer.count).toBe(1);
    act(() => observer.fire());
    expect(seen.loads).toBe(2);

    unmount();
    expect(observer.count).toBe(0);
  });

  it('without IntersectionObserver every enabled moment loads (right after the commit)', async () => {
    observer.uninstall();
    const { seen } = renderList(true);
    await waitFor(() => expect(seen.loads).toBe(1));
    expect(seen.renders).toBe(1);
  });
});
