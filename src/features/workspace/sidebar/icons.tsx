import type { ReactNode, SVGProps } from 'react';

/**
 * The item-type glyphs of the sidebar (veco-frontend.md §1.7), drawn for Momentum: 24×24 line icons with a
 * 1.5 stroke in `currentColor`, so a hover can turn them navy. Always decorative: the link carries the name.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
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

/** Goal: a path from a starting point up to an arrow head. */
export function GoalIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="5.75" cy="18.25" r="1.75" />
      <path d="M7 17 18.5 5.5" />
      <path d="M12.75 5.5h5.75v5.75" />
    </LineIcon>
  );
}

/** Issue: a speech bubble carrying an exclamation mark. */
export function IssueIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6.5 4.5h11a2.5 2.5 0 0 1 2.5 2.5v7.5a2.5 2.5 0 0 1-2.5 2.5h-7L7 19.75V17h-.5A2.5 2.5 0 0 1 4 14.5V7a2.5 2.5 0 0 1 2.5-2.5Z" />
      <path d="M12 8v3.6" />
      <circle cx="12" cy="14" r="0.35" fill="currentColor" strokeWidth={1.2} />
    </LineIcon>
  );
}

/** External: a three-box organisation chart. */
export function ExternalIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="9.25" y="3.75" width="5.5" height="5" rx="0.75" />
      <rect x="3.75" y="15.25" width="5.5" height="5" rx="0.75" />
      <rect x="14.75" y="15.25" width="5.5" height="5" rx="0.75" />
      <path d="M12 8.75v3.25M6.5 15.25V12h11v3.25" />
    </LineIcon>
  );
}

/** Settings: an eight-tooth gear around a hub, drawn thin (the sidebar shows it at 3.2rem). */
export function GearIcon(props: IconProps) {
  return (
    <LineIcon strokeWidth={1.15} {...props}>
      <path d="M9.92 5.21 10.44 3.14h3.12l.52 2.07A7.1 7.1 0 0 1 15.33 5.73l1.83-1.1 2.21 2.21-1.1 1.83a7.1 7.1 0 0 1 .52 1.25l2.07.52v3.12l-2.07.52a7.1 7.1 0 0 1-.52 1.25l1.1 1.83-2.21 2.21-1.83-1.1a7.1 7.1 0 0 1-1.25.52l-.52 2.07h-3.12l-.52-2.07a7.1 7.1 0 0 1-1.25-.52l-1.83 1.1-2.21-2.21 1.1-1.83a7.1 7.1 0 0 1-.52-1.25l-2.07-.52v-3.12l2.07-.52a7.1 7.1 0 0 1 .52-1.25l-1.1-1.83 2.21-2.21 1.83 1.1a7.1 7.1 0 0 1 1.25-.52Z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

/** The sidebar's collapse «  / expand » chevrons: two thin, tall angles. */
export function DoubleChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <LineIcon strokeWidth={1.2} {...props}>
      <path
        d="M11.5 3.5 3 12l8.5 8.5M20.5 3.5 12 12l8.5 8.5"
        transform={direction === 'right' ? 'matrix(-1 0 0 1 24 0)' : undefined}
      />
    </LineIcon>
  );
}

/** "‹ 홈": one thin, tall angle. */
export function BackChevronIcon(props: IconProps) {
  return (
    <LineIcon strokeWidth={1.5} {...props}>
      <path d="M15 3.5 6.5 12l8.5 8.5" />
    </LineIcon>
  );
}

/** Workspace members: two people, the second behind the first. */
export function MembersIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="9.5" cy="8" r="3.5" />
      <path d="M3 20v-1a5 5 0 0 1 5-5h3a5 5 0 0 1 5 5v1" />
      <path d="M15.5 4.75a3.5 3.5 0 0 1 0 6.5M18 14.2a5 5 0 0 1 3 4.8v1" />
    </LineIcon>
  );
}
