import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import {
  KEYBOARD_MIN_PX,
  keyboardInset,
  useKeyboardInset,
  type ViewportMetrics,
} from '../../../../src/features/items/detail/keyboardInset';

/*
 * The comment box above a phone's on-screen keyboard (docs/product.md "Comments"): how far it rises, from the
 * visual viewport's size and offset, and the hook that follows `visualViewport` while the box has the focus.
 */

const metrics = (overrides: Partial<ViewportMetrics>): ViewportMetrics => ({
  areaBottom: 844,
  visualTop: 0,
  visualHeight: 844,
  scale: 1,
  ...overrides,
});

describe('keyboardInset', () => {
  it.each([
    ['no keyboard', metrics({}), 0],
    ['Android keyboard (visual viewport shrinks, layout stays)', metrics({ visualHeight: 508 }), 336],
    [
      'iOS keyboard with the layout viewport scrolled up',
      metrics({ visualTop: 120, visualHeight: 420 }),
      304,
    ],
    ['a scroll area ending above the window bottom', metrics({ areaBottom: 800, visualHeight: 508 }), 292],
    [
      'a browser toolbar collapsing (small difference)',
      metrics({ visualHeight: 844 - (KEYBOARD_MIN_PX - 1) }),
      0,
    ],
    ['exactly the threshold', metrics({ visualHeight: 844 - KEYBOARD_MIN_PX }), KEYBOARD_MIN_PX],
    ['pinch zoom, not a keyboard', metrics({ visualHeight: 422, scale: 2 }), 0],
    ['fractional sizes round', metrics({ visualHeight: 507.6 }), 336],
    ['visual viewport taller than the area', metrics({ areaBottom: 700 }), 0],
  ])('%s (%j) → %i px', (_name, input, expected) => {
    expect(keyboardInset(input)).toBe(expected);
  });
});

/** A `visualViewport` stand-in whose size the test sets, firing `resize` / `scroll` like the browser. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  scale = 1;
  set(next: Partial<Pick<FakeVisualViewport, 'height' | 'offsetTop' | 'scale'>>, type = 'resize') {
    Object.assign(this, next);
    this.dispatchEvent(new Event(type));
  }
}

function Probe() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [focused, setFocused] = useState(false);
  const inset = useKeyboardInset(ref, focused);
  return (
    <>
      <textarea
        ref={ref}
        aria-label="댓글 입력"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <output aria-label="inset">{inset}</output>
    </>
  );
}

describe('useKeyboardInset', () => {
  const original = Object.getOwnPropertyDescriptor(window, 'visualViewport');
  let viewport: FakeVisualViewport;
  beforeEach(() => {
    jest.useFakeTimers();
    viewport = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
  });
  afterEach(() => {
    jest.useRealTimers();
    if (original) Object.defineProperty(window, 'visualViewport', original);
    else delete (window as { visualViewport?: unknown }).visualViewport;
  });

  const inset = () => screen.getByRole('status', { name: 'inset' }).textContent;
  const frame = () => act(() => jest.advanceTimersByTime(20));

  it('follows the keyboard while the box has the focus, and only then', () => {
    render(<Probe />);
    const box = screen.getByRole('textbox', { name: '댓글 입력' });
    // Another field's keyboard does not lift the box.
    act(() => viewport.set({ height: 508 }));
    frame();
    expect(inset()).toBe('0');

    fireEvent.focus(box);
    frame();
    expect(inset()).toBe('336');
    // iOS scrolls the layout viewport: the box follows on `scroll`.
    act(() => viewport.set({ offsetTop: 100 }, 'scroll'));
    frame();
    expect(inset()).toBe('236');
    // The keyboard closes.
    act(() => viewport.set({ height: 844, offsetTop: 0 }));
    frame();
    expect(inset()).toBe('0');

    act(() => viewport.set({ height: 508 }));
    frame();
    expect(inset()).toBe('336');
    fireEvent.blur(box);
    expect(inset()).toBe('0');
  });

  it('is 0 without visualViewport', () => {
    delete (window as { visualViewport?: unknown }).visualViewport;
    render(<Probe />);
    fireEvent.focus(screen.getByRole('textbox', { name: '댓글 입력' }));
    frame();
    expect(inset()).toBe('0');
  });
});
