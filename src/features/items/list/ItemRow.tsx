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
 * icon and the truncated title on the left; the columns on the right, 3.2rem apart.
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
    alignItems: 'center',
    height: '5.6rem',
    margin: '0 -3.2rem',
    padding: '0 3.2rem',
    color: tokens.grey[600],
    fontSize: '1.6rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
    cursor: 'pointer',
    '&:hover': { backgroundColor: tokens.grey[200] },
  },
  '& .item-row .main': {
    flex: '1 1 auto',
    display: 'flex',
    alignItems: 'center',
    minWidth: 0,
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
  '& .item-row .columns': {
    flex: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: '3.2rem',
    marginLeft: '3.2rem',
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
          {PRIORITY_LABELS[priority]}
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
