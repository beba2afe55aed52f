import type { ReactNode, SVGProps } from 'react';

/** Props of the 24×24 line icons: any SVG attribute but the children. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * A 24×24 line icon with a 1.5 stroke in `currentColor` (so a hover can recolour it), always decorative: the
 * text or label next to it carries the meaning.
 */
export function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width="2.4rem"
      height="2.4rem"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
