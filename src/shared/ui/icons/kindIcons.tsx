import { LineIcon, type IconProps } from './LineIcon';

/*
 * The item-kind glyphs (goal, issue, external) of the sidebar, the list rows and the notifications tabs, drawn
 * for Momentum.
 */

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
