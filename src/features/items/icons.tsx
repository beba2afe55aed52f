import type { ReactNode } from 'react';
import type { Priority, State } from '../../../contract/itemEnums';
import { LineIcon } from '../../shared/ui/icons/LineIcon';
import { tokens } from '../../shared/ui/tokens';

/*
 * Icons of the lists (docs/product.md "Grouped lists"), drawn for Momentum as plain inline SVG (no MUI
 * component per row). All are decorative: the text next to them carries the meaning.
 */

interface IconProps {
  size?: string;
  className?: string;
}

/** A line icon sized by one length (rows, menus and the property panel use several sizes). */
function Line({ size = '2.4rem', className, children }: IconProps & { children: ReactNode }) {
  return (
    <LineIcon width={size} height={size} className={className}>
      {children}
    </LineIcon>
  );
}

/** The property panel's '목표' row: an arrow rising to the goal. */
export function GoalIcon({ size }: IconProps) {
  return (
    <Line size={size}>
      <path d="M4 20c4-8 8 0 16-12M14 8h6v6" />
    </Line>
  );
}

/** The property panel's '이슈' row: a speech bubble with an exclamation mark. */
export function IssueIcon({ size }: IconProps) {
  return (
    <Line size={size}>
      <path d="M4 5h16v11H9l-5 4z M12 8v4 M12 14v.01" />
    </Line>
  );
}

/** The property panel's '외부' row before a tool is chosen: three linked boxes. */
export function ExternalGlyph({ size }: IconProps) {
  return (
    <Line size={size}>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </Line>
  );
}

/** A filled status dot: 1.2rem on rows, 1.6rem in group headers. */
export function StatusDot({ state, size = '1.2rem' }: { state: State; size?: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        backgroundColor: tokens.status[state],
      }}
    />
  );
}

/** Bars lit per priority (short, middle, tall) and their colour. */
const PRIORITY_BARS: Record<Priority, { lit: number; colour: string }> = {
  NONE: { lit: 3, colour: tokens.grey[300] },
  LOW: { lit: 1, colour: tokens.grey[500] },
  NORMAL: { lit: 2, colour: tokens.grey[500] },
  HIGH: { lit: 3, colour: tokens.grey[500] },
  URGENT: { lit: 3, colour: tokens.error },
};

/** "Signal bars": three rounded vertical strokes of increasing height; 2.4rem on rows, 3.2rem in headers. */
export function PriorityIcon({ priority, size = '2.4rem' }: { priority: Priority; size?: string }) {
  const { lit, colour } = PRIORITY_BARS[priority];
  const bars = ['M7 19.5v-3', 'M12 19.5v-7', 'M17 19.5V8.5'];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke={colour}
      strokeWidth={3}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      {bars.slice(0, lit).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A calendar page with a filled header band (the deadline column). */
export function CalendarIcon({ size = '2.4rem' }: IconProps) {
  return (
    <Line size={size}>
      <rect x="5" y="6" width="14" height="13" rx="1.6" />
      <path d="M5 10h14M9 4.5v3M15 4.5v3" />
      <path d="M5 7.6C5 6.7 5.7 6 6.6 6h10.8c.9 0 1.6.7 1.6 1.6V10H5z" fill="currentColor" />
    </Line>
  );
}

/** A person in a circle: no manager, or a manager without a photo. */
export function UserIcon({ size = '2.4rem', className }: IconProps) {
  return (
    <Line size={size} className={className}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="10.2" r="2.7" />
      <path d="M6.8 18.2c1.1-2 3-3.1 5.2-3.1s4.1 1.1 5.2 3.1" />
    </Line>
  );
}

/** Three sliders: the grouping ("필터") button. */
export function FilterIcon({ size = '2.4rem' }: IconProps) {
  return (
    <Line size={size}>
      <path d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />
      <circle cx="8" cy="6.5" r="1.9" fill="#ffffff" />
      <circle cx="15.5" cy="12" r="1.9" fill="#ffffff" />
      <circle cx="10" cy="17.5" r="1.9" fill="#ffffff" />
    </Line>
  );
}

/** Trash can: the delete-mode toggle. */
export function TrashIcon({ size = '2.4rem' }: IconProps) {
  return (
    <Line size={size}>
      <path d="M4 6.5h16M9.5 6.5v-2h5v2M6.5 6.5l.9 13a1.5 1.5 0 0 0 1.5 1.4h6.2a1.5 1.5 0 0 0 1.5-1.4l.9-13" />
      <path d="M10 10.5v6.5M14 10.5v6.5" />
    </Line>
  );
}

/** A thin plus: "create in this group", and "add an integration". */
export function PlusIcon({ size = '2.4rem' }: IconProps) {
  return (
    <Line size={size}>
      <path d="M12 4.5v15M4.5 12h15" />
    </Line>
  );
}

/** A caret pointing down (the grouping menu's header). */
export function CaretDownIcon({ size = '1.6rem' }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10l5 5 5-5z" fill="currentColor" />
    </svg>
  );
}

/** A small check mark (the current grouping). */
export function CheckIcon({ size = '1.2rem' }: IconProps) {
  return (
    <Line size={size}>
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeWidth={2} />
    </Line>
  );
}
