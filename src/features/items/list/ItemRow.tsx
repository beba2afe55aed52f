import { memo, useMemo, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ListItem, Manager } from '../../../../contract/items';
import {
  EXT_SERVICE_LABELS,
  PRIORITY_LABELS,
  STATE_LABELS,
  type ItemKind,
} from '../../../../contract/itemEnums';
import { tokens } from '../../../shared/ui/tokens';
import { visuallyHiddenStyle } from '../../../shared/ui/VisuallyHidden';
import { copy } from '../../../shared/copy';
import { ExternalIcon, GoalIcon, IssueIcon } from '../../../shared/ui/icons/kindIcons';
import { ExtServiceLogo } from '../../../shared/ui/icons/serviceLogos';
import { CalendarIcon, PriorityIcon, StatusDot, UserIcon } from '../icons';
import {
  extServiceOf,
  formatDeadline,
  managerDisplay,
  priorityOf,
  stateOf,
  type RowColumn,
} from '../listModel';

/*
 * One row of a grouped list (docs/product.md "Grouped lists"): 5.6rem tall and full-bleed (the hover
 * and checked fills reach the content edges); a 2.4rem lead (the delete-mode checkbox), the code (bold), the type
 * icon and the truncated title on the left; the columns on the right, 3.2rem apart. Narrower lists compress the
 * columns (container queries on the groups), phones turn the row into a two-line card (`phoneRowStyles`); the
 * same elements serve every width. The row's root carries `data-list-row` (the layout checks of the browser
 * suite look for overlapping text inside it).
 *
 * Rendering cost matters (thousands of rows): a row is plain elements styled by class from one rule on the list
 * (`rowStyles`), and it is memoized — it re-renders only when its item, columns, mode or checked state change.
 */

const text = copy.itemList;

const TYPE_ICONS: Record<ItemKind, typeof GoalIcon> = {
  goal: GoalIcon,
  issue: IssueIcon,
  external: ExternalIcon,
};

/**
 * Styles of every row, applied once by the rows' container (`& .item-row …`): rows are plain elements, so rendering
 * thousands of them costs no style work per row.
 */
export const rowStyles = {
  // Off-screen rows skip style, layout and paint (thousands of rows stay cheap to toggle and scroll); a hovered or
  // focused row drops the containment so its managers' list can overflow it, and so does a checked row (its
  // full-bleed background would otherwise be clipped to the list's padding box).
  '& .item-row': {
    listStyle: 'none',
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 5.6rem',
    '&:hover, &:focus-within, &[data-checked="true"]': { contentVisibility: 'visible' },
  },
  '& .item-row > .row': {
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    minHeight: '5.6rem',
    margin: '0 calc(-1 * var(--list-pad, 3.2rem))',
    padding: '0 var(--list-pad, 3.2rem)',
    color: tokens.grey[600],
    fontSize: '1.6rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
    cursor: 'pointer',
    // Only where a pointer hovers: on a touch screen the fill would stick to the last tapped row.
    '@media (hover: hover)': { '&:hover': { backgroundColor: tokens.grey[200] } },
  },
  '& .item-row .main': {
    flex: '1 1 0',
    display: 'flex',
    alignItems: 'center',
    minWidth: 'min(24rem, 100%)',
    minHeight: '5.6rem',
    alignSelf: 'stretch',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: '0.4rem',
    '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '-0.2rem' },
  },
  '& .item-row[data-checked="true"] > .row, & .item-row[data-checked="true"] > .row:hover': {
    backgroundColor: tokens.grey[300],
  },
  '& .item-row .lead': { flex: 'none', display: 'inline-flex', alignItems: 'center', width: '2.4rem' },
  '& .item-row .check': {
    appearance: 'none',
    width: '1.2rem',
    height: '1.2rem',
    margin: '0 0 0 0.2rem',
    border: `1px solid ${tokens.grey[400]}`,
    borderRadius: '0.2rem',
    backgroundColor: '#ffffff',
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '100% 100%',
    cursor: 'pointer',
    '&:checked': {
      borderColor: tokens.navy,
      backgroundColor: tokens.navy,
      backgroundImage: `url("data:image/svg+xml,${encodeURIComponent(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M4 8.4 6.8 11 12 5.4" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
      )}")`,
    },
    '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
  },
  '& .item-row .code': { flex: 'none', fontWeight: 700, whiteSpace: 'nowrap' },
  '& .item-row .type': { flex: 'none', marginLeft: '1.6rem' },
  '& .item-row .title': {
    flex: '1 1 auto',
    minWidth: '4rem',
    marginLeft: '0.8rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // When the columns do not fit beside a readable title they wrap onto a line of their own (right-aligned), so
  // nothing ever prints over the title; the tablet rules below make that rare.
  '& .item-row .columns': {
    flex: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: '3.2rem',
    rowGap: '0.8rem',
    maxWidth: '100%',
    marginLeft: 'auto',
    paddingLeft: '3.2rem',
    boxSizing: 'border-box',
  },
  '& .item-row .column': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.8rem',
    whiteSpace: 'nowrap',
  },
  '& .item-row .goal-title': { maxWidth: '16rem', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .item-row .sr-only': visuallyHiddenStyle,
  '& .item-row .avatar': {
    flex: 'none',
    width: '1.8rem',
    height: '1.8rem',
    borderRadius: '50%',
    objectFit: 'cover',
    backgroundColor: tokens.grey[300],
  },
  '& .item-row .avatars': { display: 'inline-flex', alignItems: 'center' },
  '& .item-row .avatars > * + *': { marginLeft: '-1rem' },
  '& .item-row .avatars > img': { boxShadow: '0 0 0 1px #ffffff' },
  '& .item-row .managers': { position: 'relative' },
  '& .item-row .ellipsis': { marginLeft: '0.8rem', color: tokens.grey[600] },
  '& .item-row .others': { display: 'none', marginLeft: '0.2rem' },
  '& .item-row .names': {
    display: 'none',
    position: 'absolute',
    top: 'calc(100% + 0.4rem)',
    right: 0,
    zIndex: 5,
    minWidth: '12rem',
    maxHeight: '17rem',
    margin: 0,
    padding: '0.4rem 0',
    overflowY: 'auto',
    listStyle: 'none',
    borderRadius: '0.4rem',
    backgroundColor: '#ffffff',
    boxShadow: '0 4px 12px 0 rgba(0, 0, 0, 0.15)',
    color: tokens.grey.default,
    fontSize: '1.4rem',
  },
  '& .item-row .names > li': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    padding: '0.6rem 1.2rem',
  },
  '& .item-row .managers:hover .names, & .item-row .managers:focus-within .names': { display: 'block' },
  // Tablets and narrow desktops (docs/responsive.md "Lists"): the less important parts shrink first — tighter
  // gaps, a shorter goal title and title minimum, the priority as its icon only (its name stays for screen
  // readers) — then the goal and tool columns go.
  '@container list (max-width: 879.98px)': {
    '& .item-row .main': { minWidth: 'min(16rem, 100%)' },
    '& .item-row .type': { marginLeft: '0.8rem' },
    '& .item-row .columns': { columnGap: '1.6rem', paddingLeft: '1.6rem' },
    '& .item-row .column': { gap: '0.6rem' },
    '& .item-row .goal-title': { maxWidth: '9.6rem' },
    '& .item-row .compressible': visuallyHiddenStyle,
  },
  '@container list (max-width: 599.98px)': {
    '& .item-row [data-column="goal"], & .item-row [data-column="ext"]': { display: 'none' },
  },
} as const;

/**
 * Phones (< 600 px; applied by the rows' container inside `theme.breakpoints.down('sm')`): every row becomes a
 * two-line card — the checkbox (delete mode), code, type icon, title (and a notification's reason) on the first
 * line, then the columns as compact chips that wrap (every column again, the grouped-by one still left out).
 * Several managers read '김민수 외 2명' instead of the '...' whose hover list a touch screen cannot open.
 */
export const phoneRowStyles = {
  '& .item-row': { containIntrinsicSize: 'auto 8.4rem' },
  '& .item-row > .row': {
    alignItems: 'flex-start',
    minHeight: 0,
    padding: '1.2rem var(--list-pad, 1.6rem)',
    rowGap: '0.8rem',
    fontSize: '1.5rem',
    borderBottom: `1px solid ${tokens.grey[200]}`,
  },
  '& .item-row .lead:empty': { display: 'none' },
  '& .item-row .lead': { width: '3.2rem', minHeight: '2.4rem', alignSelf: 'stretch' },
  '& .item-row .check': { width: '2rem', height: '2rem', margin: '0.2rem 0 0' },
  // The code and title share the first line with the checkbox (3.2rem) and never with the chips (basis 100%).
  '& .item-row .main': { flex: '1 1 calc(100% - 3.2rem)', minWidth: 0, minHeight: '2.4rem' },
  '& .item-row .type': { marginLeft: '0.6rem', width: '1.8rem', height: '1.8rem' },
  '& .item-row .title': { minWidth: 0, marginLeft: '0.6rem' },
  '& .item-row .columns': {
    flex: '1 0 100%',
    justifyContent: 'flex-start',
    gap: '0.6rem',
    margin: 0,
    padding: 0,
  },
  '& .item-row .lead:not(:empty) ~ .columns': { paddingLeft: '3.2rem' },
  '& .item-row .column': {
    boxSizing: 'border-box',
    gap: '0.4rem',
    maxWidth: '100%',
    height: '2.4rem',
    padding: '0 0.8rem',
    overflow: 'hidden',
    borderRadius: '1.2rem',
    backgroundColor: tokens.grey[200],
    fontSize: '1.2rem',
    lineHeight: '2.4rem',
  },
  '& .item-row .column > svg, & .item-row .column .avatar, & .item-row .column .avatar-icon': {
    flex: 'none',
    width: '1.4rem',
    height: '1.4rem',
  },
  '& .item-row [data-column="goal"], & .item-row [data-column="ext"]': { display: 'inline-flex' },
  '& .item-row .goal-title': { maxWidth: '14rem' },
  '& .item-row .compressible': {
    position: 'static',
    width: 'auto',
    height: 'auto',
    margin: 0,
    overflow: 'visible',
    clip: 'auto',
  },
  '& .item-row .column .goal-title': { overflow: 'hidden', textOverflow: 'ellipsis' },
  // No hover on a touch screen: a tap opens the row (or ticks it); every name stays in the accessible text.
  '& .item-row .managers .names, & .item-row .managers:hover .names, & .item-row .managers:focus-within .names':
    {
      display: 'none',
    },
  '& .item-row .avatars > * + *': { marginLeft: '-0.6rem' },
  '& .item-row .ellipsis': { display: 'none' },
  '& .item-row .others': { display: 'inline' },
  '& .item-row[data-checked="true"] .column': { backgroundColor: '#ffffff' },
} as const;

function ManagerAvatar({ manager }: { manager: Manager }) {
  return manager.profileUrl ? (
    <img className="avatar" src={manager.profileUrl} alt="" loading="lazy" decoding="async" />
  ) : (
    <UserIcon size="1.8rem" className="avatar-icon" />
  );
}

function Managers({ item }: { item: ListItem }) {
  const display = managerDisplay(item.managers);
  const label = <span className="sr-only">{`${text.columns.managers} `}</span>;
  if (display.kind === 'none') {
    return (
      <span className="column" data-column="managers">
        <UserIcon size="1.8rem" />
        {label}
        {text.none}
      </span>
    );
  }
  if (display.kind === 'one') {
    return (
      <span className="column" data-column="managers">
        <ManagerAvatar manager={display.manager} />
        {label}
        {display.manager.name}
      </span>
    );
  }
  const names = display.all.map((manager) => manager.name).join(', ');
  return (
    <span className="column managers" data-column="managers">
      <span className="sr-only">{`${text.columns.managers} ${names}`}</span>
      <span className="avatars" aria-hidden="true">
        {display.shown.map((manager) => (
          <ManagerAvatar key={manager.memberId} manager={manager} />
        ))}
      </span>
      <span className="ellipsis" aria-hidden="true">
        ...
      </span>
      <span className="others" aria-hidden="true">
        {text.managersShort(display.all[0]!.name, display.all.length - 1)}
      </span>
      <ul className="names" aria-hidden="true" data-testid="manager-names">
        {display.all.map((manager) => (
          <li key={manager.memberId}>
            <ManagerAvatar manager={manager} />
            {manager.name}
          </li>
        ))}
      </ul>
    </span>
  );
}

function Column({ column, item }: { column: RowColumn; item: ListItem }) {
  const label = <span className="sr-only">{`${text.columns[column]} `}</span>;
  switch (column) {
    case 'state': {
      const state = stateOf(item.state);
      return (
        <span className="column" data-column="state">
          <StatusDot state={state} />
          {label}
          {STATE_LABELS[state]}
        </span>
      );
    }
    case 'priority': {
      const priority = priorityOf(item.priority);
      return (
        <span className="column" data-column="priority">
          <PriorityIcon priority={priority} />
          {label}
          <span className="compressible">{PRIORITY_LABELS[priority]}</span>
        </span>
      );
    }
    case 'goal':
      return (
        <span className="column" data-column="goal">
          <GoalIcon />
          {label}
          <span className="goal-title">{item.goal?.title ?? text.none}</span>
        </span>
      );
    case 'deadline':
      return (
        <span className="column" data-column="deadline">
          <CalendarIcon />
          {label}
          {formatDeadline(item.deadline)}
        </span>
      );
    case 'managers':
      return <Managers item={item} />;
    case 'ext': {
      const type = extServiceOf(item.extServiceType);
      return (
        <span className="column" data-column="ext">
          <ExtServiceLogo type={type} />
          {label}
          {EXT_SERVICE_LABELS[type]}
        </span>
      );
    }
  }
}

export interface ItemRowProps {
  item: ListItem;
  kind: ItemKind;
  columns: readonly RowColumn[];
  /** The detail route (absolute for team pages, the relative id for joint pages). */
  href: string;
  deleteMode: boolean;
  checked: boolean;
  onToggle: (id: number) => void;
  /** Opens `href` (a click on the row outside its link; with `newTab`, any click); `id` is the row's item id. */
  onOpen: (href: string, id: number) => void;
  /**
   * Notifications: the link opens in a new browser tab, and every click on the row (the link too) goes to
   * `onOpen`, which marks the alarm read and opens the tab.
   */
  newTab?: boolean;
  /** Notifications: read or unread (`data-read` on the row; the page styles it). */
  read?: boolean;
  /** A small label after the title (a notification's reason). */
  note?: string;
}

/**
 * Normal mode: the code and title are the item's link, and a click anywhere else on the row opens it too. Delete
 * mode: a checkbox leads the row and a click anywhere on the row toggles it (a checked row turns `#dcdcdc`). The
 * row keeps its element structure across modes, so switching modes with thousands of rows loaded stays cheap.
 */
export const ItemRow = memo(function ItemRow({
  item,
  kind,
  columns,
  href,
  deleteMode,
  checked,
  onToggle,
  onOpen,
  newTab = false,
  read,
  note,
}: ItemRowProps) {
  // The parts that do not depend on the mode are the same elements across mode and selection changes, so React
  // skips them: toggling delete mode touches only the lead and the link.
  const main = useMemo(() => {
    const TypeIcon = TYPE_ICONS[kind];
    return (
      <>
        <span className="code">{item.name}</span>
        <TypeIcon className="type" />
        <span className="title">{item.title}</span>
        {note && <span className="note">{note}</span>}
      </>
    );
  }, [item, kind, note]);
  const cells = useMemo(
    () => (
      <span className="columns">
        {columns.map((column) => (
          <Column key={column} column={column} item={item} />
        ))}
      </span>
    ),
    [columns, item],
  );
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (deleteMode) {
      if (!target.closest('input')) onToggle(item.id);
    } else if (newTab) {
      event.preventDefault();
      onOpen(href, item.id);
    } else if (!target.closest('a')) {
      onOpen(href, item.id);
    }
  };
  return (
    <li
      className="item-row"
      data-list-row=""
      data-testid="item-row"
      data-item-id={item.id}
      data-item-name={item.name}
      data-checked={deleteMode && checked ? 'true' : undefined}
      data-read={read === undefined ? undefined : String(read)}
    >
      <div className="row" onClick={handleClick}>
        <span className="lead">
          {deleteMode && (
            <input
              className="check"
              type="checkbox"
              checked={checked}
              onChange={() => onToggle(item.id)}
              aria-label={text.selectItem(item.name)}
            />
          )}
        </span>
        {deleteMode ? (
          <span className="main">{main}</span>
        ) : (
          <Link
            className="main"
            to={href}
            {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {main}
          </Link>
        )}
        {cells}
      </div>
    </li>
  );
});
