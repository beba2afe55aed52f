import type { State } from '../../../contract/itemEnums';

/**
 * Design tokens: the product's colours and type settings, one place for the MUI theme (src/app/theme.ts) and for
 * the styled elements of every feature. The root font size is 10px (`html { font-size: 62.5% }` in global.css), so
 * sizes written in rem read as px / 10.
 */
export const tokens = {
  navy: '#132650',
  navyVariant: '#2e4475',
  error: '#d44242',
  grey: {
    default: '#2d2d2d',
    100: '#ffffff',
    200: '#f3f3f3',
    300: '#dcdcdc',
    400: '#aeaeae',
    500: '#777777',
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
