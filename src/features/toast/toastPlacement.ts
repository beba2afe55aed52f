import { FLOATING_ACTION_BOX } from '../../shared/lib/floatingAction';
import { PHONE_APP_BAR_HEIGHT_REM } from '../../shared/lib/shellLayout';

/** The position of the toast stack: CSS `position: fixed` offsets (strings with units) and its width. */
export interface ToastPlacement {
  top?: string;
  right?: string;
  bottom?: string;
  left?: string;
  width: string;
  /** Where a new toast slides in from. */
  from: 'below' | 'above';
}

/** Space between the toast stack and the floating action below it, in rem. */
const GAP_REM = 1.6;

/**
 * Where the toasts go (docs/product.md "Errors and messages"), so they never cover a control:
 * - desktop and tablet: the bottom-right corner (right 6.4rem, bottom 5rem, 36rem wide); while a floating action
 *   (작성 완료/수정하기) is on screen, the stack starts 1.6rem above it instead, same right edge.
 * - phone (< 600 px): the full width under the app bar (1.6rem side margins, below the notch inset). The bottom edge
 *   of a phone holds the floating action, the comment box kept above the on-screen keyboard and the browser's own
 *   bar, and a bottom-fixed box hides behind the keyboard; under the app bar only the page's heading is covered
 *   for the toast's two seconds (and toasts let taps through).
 */
export function toastPlacement({
  phone,
  floatingAction,
}: {
  phone: boolean;
  floatingAction: boolean;
}): ToastPlacement {
  if (phone) {
    return {
      top: `calc(${PHONE_APP_BAR_HEIGHT_REM}rem + 0.8rem + env(safe-area-inset-top, 0px))`,
      left: '1.6rem',
      right: '1.6rem',
      width: 'auto',
      from: 'above',
    };
  }
  return {
    right: `${FLOATING_ACTION_BOX.right}rem`,
    bottom: floatingAction ? `${Number((FLOATING_ACTION_BOX.top + GAP_REM).toFixed(2))}rem` : '5rem',
    width: '36rem',
    from: 'below',
  };
}
