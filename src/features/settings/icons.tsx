/*
 * 24px line icons of the settings pages (1.5px strokes in the current colour), drawn for Momentum. All are
 * decorative: the column headers and labels next to them carry the meaning.
 */

interface IconProps {
  size?: string;
}

const svgProps = (size: string) =>
  ({
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': true,
    focusable: 'false',
  }) as const;

/** A person with a magnifier: member count. */
export function UserSearchIcon({ size = '2.4rem' }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <circle cx="10" cy="7.5" r="3.75" />
      <path d="M3.5 20c0-3.6 2.9-6.25 6.5-6.25 1 0 1.9.2 2.7.55" />
      <circle cx="17.25" cy="17.25" r="2.5" />
      <path d="m19.1 19.1 1.9 1.9" />
    </svg>
  );
}

/** A calendar page: creation and joining dates. */
export function CalendarIcon({ size = '2.4rem' }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <rect x="4" y="5.5" width="16" height="14.5" rx="2" />
      <path d="M4 10h16M8.5 3.5v3.5M15.5 3.5v3.5" />
      <path d="M4 8c0-1.4 1.1-2.5 2.5-2.5h11C18.9 5.5 20 6.6 20 8v2H4z" fill="currentColor" />
    </svg>
  );
}

/** Trash can: delete the profile photo. */
export function TrashIcon({ size = '1.6rem' }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <path d="M4 6.5h16M9.5 6.5V4.5h5v2M6.5 6.5l.9 13a1.5 1.5 0 0 0 1.5 1.4h6.2a1.5 1.5 0 0 0 1.5-1.4l.9-13" />
      <path d="M10 10.5v6M14 10.5v6" />
    </svg>
  );
}

/** Pencil: replace the profile photo. */
export function PencilIcon({ size = '1.6rem' }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <path d="M15.5 4.5l4 4L9 19H5v-4z" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}
