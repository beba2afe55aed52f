import { LineIcon, type IconProps } from '../../../shared/ui/icons/LineIcon';

/* The sidebar's own glyphs (the item-kind glyphs are shared: src/shared/ui/icons/kindIcons.tsx). */

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
