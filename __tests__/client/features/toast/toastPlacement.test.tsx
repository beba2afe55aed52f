import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../../src/app/theme';
import { ToastViewport } from '../../../../src/features/toast/ToastViewport';
import { toastPlacement } from '../../../../src/features/toast/toastPlacement';
import { FLOATING_ACTION_BOX, useFloatingActionReserve } from '../../../../src/shared/lib/floatingAction';
import { createTestStore } from '../../support/helpers';
import { mockMatchMedia } from '../workspace/workspaceSupport';

/** Rem of a CSS length such as `5rem` or `calc(8.9rem + 1.6rem)` (sums only). */
const rem = (length: string | undefined) =>
  [...(length ?? '').matchAll(/([\d.]+)rem/g)].reduce((sum, [, value]) => sum + Number(value), 0);

describe('toastPlacement (docs/product.md "Errors and messages")', () => {
  it.each`
    phone    | floatingAction | top                                                        | right       | bottom       | left         | width
    ${false} | ${false}       | ${undefined}                                               | ${'6.4rem'} | ${'5rem'}    | ${undefined} | ${'36rem'}
    ${false} | ${true}        | ${undefined}                                               | ${'6.4rem'} | ${'10.5rem'} | ${undefined} | ${'36rem'}
    ${true}  | ${false}       | ${'calc(5.6rem + 0.8rem + env(safe-area-inset-top, 0px))'} | ${'1.6rem'} | ${undefined} | ${'1.6rem'}  | ${'auto'}
    ${true}  | ${true}        | ${'calc(5.6rem + 0.8rem + env(safe-area-inset-top, 0px))'} | ${'1.6rem'} | ${undefined} | ${'1.6rem'}  | ${'auto'}
  `(
    'phone $phone, floating action $floatingAction → top $top, right $right, bottom $bottom',
    ({ phone, floatingAction, top, right, bottom, left, width }) => {
      const placement = toastPlacement({ phone, floatingAction });
      expect(placement).toMatchObject({ width });
      expect(placement.top).toBe(top);
      expect(placement.right).toBe(right);
      expect(placement.bottom).toBe(bottom);
      expect(placement.left).toBe(left);
    },
  );

  it('keeps the stack above the floating save button on tablet and desktop, with room between', () => {
    const { bottom } = toastPlacement({ phone: false, floatingAction: true });
    // The save button: bottom 5.3rem, 3.6rem tall (features/items/detail/SaveButton.tsx).
    expect(FLOATING_ACTION_BOX).toMatchObject({ bottom: 5.3, height: 3.6 });
    expect(rem(bottom)).toBeGreaterThanOrEqual(FLOATING_ACTION_BOX.bottom + FLOATING_ACTION_BOX.height + 1);
  });

  it('puts the stack under the phone app bar, away from the bottom edge', () => {
    const placement = toastPlacement({ phone: true, floatingAction: true });
    expect(placement.bottom).toBeUndefined();
    expect(rem(placement.top)).toBeGreaterThanOrEqual(5.6);
  });
});

/** A stand-in for the detail page's floating save button. */
function FloatingButton() {
  useFloatingActionReserve();
  return <button type="button">작성 완료</button>;
}

function Page() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown((value) => !value)}>
        toggle
      </button>
      {shown && <FloatingButton />}
      <ToastViewport />
    </>
  );
}

async function renderPage() {
  const { store } = await createTestStore();
  render(
    <ThemeProvider theme={theme}>
      <Provider store={store}>
        <Page />
      </Provider>
    </ThemeProvider>,
  );
  return screen.getByRole('status', { name: '알림 메시지' });
}

describe('toast viewport placement', () => {
  it('moves above a floating action while one is on screen (desktop)', async () => {
    const region = await renderPage();
    expect(region.style.bottom).toBe('5rem');
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    expect(region.style.bottom).toBe('10.5rem');
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    expect(region.style.bottom).toBe('5rem');
  });

  it('sits under the app bar on a phone', async () => {
    const media = mockMatchMedia(390);
    try {
      const region = await renderPage();
      expect(region.style.bottom).toBe('');
      expect(region.style.left).toBe('1.6rem');
      expect(region).toHaveAttribute('data-from', 'above');
    } finally {
      media.restore();
    }
  });
});
