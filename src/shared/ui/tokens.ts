import type { State } from '../../../contract/itemEnums';

/**
 * Design tokens: the product's colours and type settings, one place for the MUI theme (src/app/theme.ts) and for
 * the styled elements of every feature. The root font size is 10px (`html { font-size: 62.5% }` in global.css), so
 * sizes written in rem read as px / 10.
 */
export const tokens = {
  navy: '#132650',
  navyVariant: '#2e4475',
  /**
   * Errors and destructive actions. The reference's #d44242 reads 4.51:1 on white but 4.06:1 on the #f3f3f3 fill of
   * unread rows and the profile's account buttons; #c43d3d reads 5.1:1 and 4.6:1 (WCAG 2.1 AA).
   */
  error: '#c43d3d',
  grey: {
    default: '#2d2d2d',
    100: '#ffffff',
    200: '#f3f3f3',
    300: '#dcdcdc',
    /** Borders, rules, icons and disabled text only: 2.2:1 on white is too light for text people must read. */
    400: '#aeaeae',
    /**
     * Secondary text. The reference's #777777 reads 4.48:1 on white and 4.04:1 on the #f3f3f3 hover and selection
     * fill; #6f6f6f is the lightest grey at WCAG 2.1 AA (4.5:1) on both (5.0:1 on white, 4.53:1 on #f3f3f3).
     */
    500: '#6f6f6f',
    600: '#111111',
  },
  onboardingBackground: '#f9fafb',
  kakaoYellow: '#fee500',
  calendarBlue: '#4474e2',
  /** The colour of each item state (contract/itemEnums.ts `STATES`). */
  status: {
    NONE: '#DCDCDC',
    IN_PROGRESS: '#D4B042',
    TODO: '#D44242',
    FINISH: '#75D564',
    REVIEW: '#2E4475',
    DELETE: '#D44242',
  } satisfies Record<State, string>,
  fontFamily:
    "'Pretendard Variable', Pretendard, -apple-system, BlinkMacSystemFont, system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif",
  letterSpacing: '-0.02em',
} as const;
