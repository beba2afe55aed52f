import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../../src/app/theme';
import { ToastViewport } from '../../../../src/features/toast/ToastViewport';
import { toastShown, type ShowToast } from '../../../../src/features/toast/toastSlice';
import { createTestStore } from '../../support/helpers';

async function renderToasts() {
  const bundle = await createTestStore();
  // Fake timers only after the store has rehydrated.
  jest.useFakeTimers();
  render(
    <ThemeProvider theme={theme}>
      <Provider store={bundle.store}>
        <ToastViewport />
      </Provider>
    </ThemeProvider>,
  );
  const show = (toast: ShowToast) => act(() => void bundle.store.dispatch(toastShown(toast)));
  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const region = screen.getByRole('status', { name: '알림 메시지' });
  const messages = () =>
    Array.from(region.querySelectorAll('[data-toast-key]')).map((card) => card.lastElementChild?.textContent);
  return { ...bundle, show, advance, region, messages };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('toast viewport', () => {
  it('is a polite live region that shows the default title and the message', async () => {
    const { show, region } = await renderToasts();
    expect(region).toHaveAttribute('aria-live', 'polite');
    show({ message: '반드시 외부 툴을 설정해야 합니다.' });
    expect(within(region).getByText('알림')).toBeInTheDocument();
    expect(within(region).getByText('반드시 외부 툴을 설정해야 합니다.')).toBeInTheDocument();
    show({ message: '본문', title: '제목' });
    expect(within(region).getByText('제목')).toBeInTheDocument();
  });

  it('shows at most 3; the 4th waits until one closes after 2000 ms + 400 ms', async () => {
    const { show, advance, region, messages, store } = await renderToasts();
    show({ message: 'one' });
    advance(500);
    show({ message: 'two' });
    show({ message: 'three' });
    show({ message: 'four' });
    expect(messages()).toEqual(['one', 'two', 'three']);
    expect(store.getState().toast.toasts).toHaveLength(4);

    advance(1499);
    expect(region.querySelector('[data-state="closing"]')).toBeNull();
    advance(1);
    // 'one' runs its 400 ms close animation, still on screen.
    expect(within(region).getByText('one').closest('[data-toast-key]')).toHaveAttribute(
      'data-state',
      'closing',
    );
    expect(messages()).toEqual(['one', 'two', 'three']);
    advance(399);
    expect(messages()).toEqual(['one', 'two', 'three']);
    advance(1);
    expect(messages()).toEqual(['two', 'three', 'four']);

    // At 2400 ms: 'two' and 'three' (shown at 500 ms) go at 2900 ms; 'four' appeared now and goes at 4800 ms.
    advance(500);
    expect(messages()).toEqual(['four']);
    advance(1899);
    expect(messages()).toEqual(['four']);
    advance(1);
    expect(messages()).toEqual([]);
    expect(store.getState().toast.toasts).toEqual([]);
  });

  it('replaces a toast with the same key and restarts its timer', async () => {
    const { show, advance, messages, region } = await renderToasts();
    show({ key: 'team-reorder', message: 'first' });
    show({ key: 'other', message: 'other' });
    advance(1500);
    show({ key: 'team-reorder', message: 'second' });
    expect(messages()).toEqual(['second', 'other']);

    advance(500 + 400);
    expect(messages()).toEqual(['second']);
    // Replaced at 1500 ms: closes at 3500 ms, not at 2000 ms.
    advance(1099);
    expect(region.querySelector('[data-state="closing"]')).toBeNull();
    advance(1);
    expect(region.querySelector('[data-state="closing"]')).not.toBeNull();
    expect(messages()).toEqual(['second']);
    advance(400);
    expect(messages()).toEqual([]);
  });

  it('honours a custom duration', async () => {
    const { show, advance, messages } = await renderToasts();
    show({ message: 'long', durationMs: 5000 });
    advance(5000 + 399);
    expect(messages()).toEqual(['long']);
    advance(1);
    expect(messages()).toEqual([]);
  });
});
