import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { groupingDef, type GroupIconSource } from '../../../../contract/groupings';
import type { Grouping } from '../../../../contract/itemEnums';
import type { ListItem } from '../../../../contract/items';
import { tokens } from '../../../shared/ui/tokens';
import type { ItemKind } from '../../../../contract/itemEnums';
import { copy, type ItemScope } from '../../../shared/copy';
import { GoalIcon } from '../../../shared/ui/icons/kindIcons';
import { ExtServiceLogo } from '../../../shared/ui/icons/serviceLogos';
import { PlusIcon, PriorityIcon, StatusDot, UserIcon } from '../icons';
import {
  extServiceOf,
  groupLabel,
  itemDetailPath,
  priorityOf,
  stateOf,
  type MergedGroup,
  type RowColumn,
} from '../listModel';
import { ItemRow, type ItemRowProps } from './ItemRow';

/*
 * A group (docs/product.md "Grouped lists"): a 2.8rem header — icon, 2rem bold label, the server's team-wide count in
 * grey, and a grey "+" on the right that opens the create screen — then its rows 1.6rem below.
 */

const Section = styled('section')({});

/* Phones: the header sticks under the app bar while its rows scroll by (full-bleed, on the page's white), and its
   "+" is a 4.4rem touch target. The shell's <main> scrolls below the app bar (its top padding), so `top: 0` is the
   app bar's lower edge. */
const Header = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.8rem',
  '&[data-grouping="PRIORITY"]': { alignItems: 'flex-end' },
  [theme.breakpoints.down('sm')]: {
    position: 'sticky',
    top: 0,
    zIndex: 3,
    minHeight: '4.4rem',
    margin: '0 calc(-1 * var(--list-pad, 1.6rem))',
    padding: '0 var(--list-pad, 1.6rem)',
    backgroundColor: theme.palette.background.default,
    borderBottom: `1px solid ${tokens.grey[300]}`,
    '&[data-grouping="PRIORITY"]': { alignItems: 'center' },
  },
}));

const Heading = styled('h2')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  minWidth: 0,
  margin: 0,
  fontSize: '2rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: tokens.grey[600],
  '[data-grouping="PRIORITY"] > &': { alignItems: 'flex-end' },
  [theme.breakpoints.down('sm')]: {
    fontSize: '1.7rem',
    '[data-grouping="PRIORITY"] > &': { alignItems: 'center' },
    '[data-grouping="PRIORITY"] > & > svg': { width: '2.4rem', height: '2.4rem' },
  },
  '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .count': { flex: 'none', color: tokens.grey[500] },
  '& .avatar': { width: '2.4rem', height: '2.4rem', borderRadius: '50%', objectFit: 'cover', flex: 'none' },
}));

const CreateLink = styled(Link)(({ theme }) => ({
  flex: 'none',
  display: 'inline-flex',
  marginLeft: 'auto',
  color: tokens.grey[500],
  borderRadius: '0.4rem',
  '&:hover': { color: tokens.grey[600] },
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
  [theme.breakpoints.down('sm')]: {
    alignItems: 'center',
    justifyContent: 'center',
    width: '4.4rem',
    height: '4.4rem',
    marginRight: '-1rem',
  },
}));

const Rows = styled('ul')(({ theme }) => ({
  margin: '1.6rem 0 0',
  padding: 0,
  [theme.breakpoints.down('sm')]: { marginTop: 0 },
}));

/** A group header's icon, drawn per the registry's icon source (contract/groupings.ts `icon`). */
const HEADER_ICONS: Record<GroupIconSource, (group: MergedGroup, none: boolean) => ReactNode> = {
  stateDot: (group) => <StatusDot state={stateOf(group.groupKey)} size="1.6rem" />,
  priorityIcon: (group) => <PriorityIcon priority={priorityOf(group.groupKey)} size="3.2rem" />,
  memberImage: (group, none) =>
    group.imageUrl && !none ? (
      <img className="avatar" src={group.imageUrl} alt="" />
    ) : (
      <UserIcon size="2.4rem" />
    ),
  goal: (_group, none) => <GoalIcon style={none ? { color: tokens.grey[400] } : undefined} />,
  extServiceLogo: (group, none) =>
    none ? <UserIcon /> : <ExtServiceLogo type={extServiceOf(group.groupKey)} />,
};

function HeaderIcon({ grouping, group }: { grouping: Grouping; group: MergedGroup }) {
  return HEADER_ICONS[groupingDef(grouping).icon](group, group.groupKey === 'NONE');
}

export interface ItemGroupProps {
  group: MergedGroup;
  grouping: Grouping;
  kind: ItemKind;
  scope: ItemScope;
  teamId: number;
  columns: readonly RowColumn[];
  deleteMode: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (href: string, id: number) => void;
  /** After the rows of the group where the next page continues: the "loading more" rows and the sentinel. */
  tail?: ReactNode;
  /** Notifications: no "+" in the header (nothing is created from there). */
  hideCreate?: boolean;
  /**
   * Notifications: each row's link and extras (read state, reason, opening in a new tab) instead of the list's
   * detail path (`scope` and `teamId` are then unused).
   */
  rowOptions?: (item: ListItem) => RowOptions;
}

/** Per-row overrides of `ItemGroupProps.rowOptions`. */
export type RowOptions = Pick<ItemRowProps, 'href' | 'newTab' | 'read' | 'note'>;

export const ItemGroup = memo(function ItemGroup({
  group,
  grouping,
  kind,
  scope,
  teamId,
  columns,
  deleteMode,
  selected,
  onToggle,
  onOpen,
  tail,
  hideCreate = false,
  rowOptions,
}: ItemGroupProps) {
  const headingId = useId();
  const label = groupLabel(grouping, group);
  return (
    <Section aria-labelledby={headingId} data-group-key={group.groupKey}>
      <Header data-grouping={grouping} data-testid="item-group-header">
        <Heading id={headingId}>
          <HeaderIcon grouping={grouping} group={group} />
          <span className="label" data-testid="item-group-label">
            {label}
          </span>
          <span className="count" data-testid="item-group-count">
            {group.dataCnt}
          </span>
        </Heading>
        {!hideCreate && (
          <CreateLink to="detail/create" aria-label={copy.itemList.createInGroup(kind, label)}>
            <PlusIcon />
          </CreateLink>
        )}
      </Header>
      {group.items.length > 0 && (
        <Rows>
          {group.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              kind={kind}
              columns={columns}
              href={itemDetailPath(scope, teamId, kind, item.id)}
              deleteMode={deleteMode}
              checked={selected.has(item.id)}
              onToggle={onToggle}
              onOpen={onOpen}
              {...rowOptions?.(item)}
            />
          ))}
        </Rows>
      )}
      {tail}
    </Section>
  );
});
