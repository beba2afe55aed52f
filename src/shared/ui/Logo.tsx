import { shellCopy as copy } from '../shellCopy';

interface LogoProps {
  /** CSS width; the mark is square. */
  size?: string;
  /**
   * `square` (default): the navy rounded square. `circle`: the round navy mark (the invitee's password screen,
   * fallback avatars), the chevrons scaled to sit inside the circle.
   */
  shape?: 'square' | 'circle';
  /** Omit the accessible name when the product name is printed right next to the mark. */
  decorative?: boolean;
  className?: string;
}

/**
 * Momentum's mark: a navy rounded square carrying two forward chevrons, the trailing one fainter, as if the
 * leading one were still moving. Original artwork (also `public/favicon.svg`).
 */
export function Logo({ size = '12rem', shape = 'square', decorative = false, className }: LogoProps) {
  const round = shape === 'circle';
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 120 120"
      xmlns="http://www.w3.org/2000/svg"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': copy.logoLabel })}
      focusable="false"
    >
      {round ? (
        <circle cx="60" cy="60" r="60" fill="#132650" />
      ) : (
        <rect width="120" height="120" rx="30" fill="#132650" />
      )}
      <g transform={round ? 'translate(60 60) scale(0.72) translate(-64.75 -60)' : undefined}>
        <path
          d="M30 38 52 60 30 82"
          fill="none"
          stroke="#ffffff"
          strokeOpacity="0.45"
          strokeWidth="13"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M58 38 80 60 58 82"
          fill="none"
          stroke="#ffffff"
          strokeWidth="13"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="93" cy="60" r="6.5" fill="#ffffff" />
      </g>
    </svg>
  );
}
