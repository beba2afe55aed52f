import { useCallback, useId, useMemo, useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { styled } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { AlarmGrouping, AlarmType } from '../../../contract/alarms';
import type { ListItem } from '../../../contract/items';
import type { Grouping } from '../../../contract/itemEnums';
import {
  useDeleteAlarmsMutation,
  useGetAlarmsInfiniteQuery,
  useReadAlarmMutation,
} from '../../api/alarmsApi';
import { tokens } from '../../shared/ui/tokens';
import { copy } from '../../shared/copy';
import { usePageTitle } from '../../shared/lib/pageTitle';
import {
  EmptyNotice,
  ListHeaderBar,
  ListLoadError,
  ListPage,
  ListTitle,
  ListToolbar,
  PagedGroups,
  loadedItemIds,
  mergeListPages,
  rowColumns,
  type RowOptions,
  useDeleteFailureToast,
  useDeleteSelection,
  useListPaging,
} from '../items';
import { ExternalIcon, GoalIcon, IssueIcon } from '../../shared/ui/icons/kindIcons';
import {
  ALARM_TABS,
  INITIAL_ALARM_GROUPING,
  TAB_KIND,
  alarmTargetPath,
  fromListGrouping,
  listGroupingsOf,
  rowsById,
  toListGrouping,
  toListPages,
} from './alarmModel';

/*
 * The notifications page `/workspace/noti` (docs/product.md "Notifications"): a bell and "알림",
 * the list toolbar (필터, 삭제; no 전체선택), the tabs 목표 / 이슈 / 외부, then the tab's alarms grouped like the
 * item lists — the same groups and rows (src/features/items/list/), without the groups' "+". Unread rows print
 * their date in red; read rows are grey. 10 alarms a page, more on scroll.
 *
 * A click on a row opens the item's team detail page in a new browser tab; an unread one is marked read first
 * (optimistically, see api/alarmsApi.ts#readAlarm). Delete mode as in the lists, with the same confirm dialog.
 * The browser tab reads `알림 · Momentum`. Phones: the rows are the lists' two-line cards (ItemRow.tsx).
 * State: tab, grouping, delete mode and selection live here; a tab switch resets the grouping to 상태 and clears
 * the selection, a grouping change clears the selection.
 */

const text = copy.notifications;

const Bell = styled(NotificationsIcon)({ flex: 'none', fontSize: '2.8rem', color: tokens.grey[600] });

/* Tabs: 1.4rem bold, 2rem apart; the active one navy with a blue icon and a 0.3rem #2e4475 underline; a 1px
   #dcdcdc rule across the whole content width. */
const TabRow = styled(Tabs)(({ theme }) => ({
  minHeight: 0,
  margin: '0 -3.2rem -1.6rem',
  padding: '0 2rem',
  borderBottom: `1px solid ${tokens.grey[300]}`,
  '& .MuiTabs-flexContainer': { gap: '0.8rem' },
  '& .MuiTabs-indicator': { height: '0.3rem', backgroundColor: tokens.navyVariant },
  // Phones: full-bleed under the 1.6rem page padding; three 4.4rem-tall tabs share the width.
  [theme.breakpoints.down('sm')]: {
    margin: '0 -1.6rem',
    padding: '0 0.4rem',
    '& .MuiTabs-flexContainer': { gap: 0 },
    '& .MuiTab-root': { flex: '1 1 0', minHeight: '4.4rem', padding: '0.8rem 0.4rem' },
  },
}));

const TabButton = styled(Tab)({
  minWidth: 0,
  minHeight: '4rem',
  padding: '0.8rem 1.2rem',
  gap: '0.6rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: tokens.grey[600],
  opacity: 1,
  '& svg': { width: '2rem', height: '2rem', margin: 0 },
  '&.Mui-selected': { color: tokens.navy },
  '&.Mui-selected svg': { color: tokens.navyVariant },
  '&.Mui-focusVisible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '-0.2rem' },
});

/** The list's groups plus the read/unread looks and the reason label. */
const Groups = styled(PagedGroups)({
  '& .item-row[data-read="true"] > .row': { backgroundColor: tokens.grey[200] },
  '@media (hover: hover)': {
    '& .item-row[data-read="true"] > .row:hover': { backgroundColor: tokens.grey[300] },
  },
  '& .item-row[data-read="false"] [data-column="deadline"]': { color: tokens.error },
  '& .item-row[data-read="false"] [data-column="deadline"] svg': { color: tokens.grey[600] },
  // The reason label follows the title closely (the list's title would take all the free width).
  '& .item-row .main > .title': { flex: '0 1 auto' },
  '& .item-row .note': {
    flex: 'none',
    marginLeft: '0.8rem',
    padding: '0.2rem 0.6rem',
    borderRadius: '0.4rem',
    backgroundColor: tokens.grey[200],
    color: tokens.grey[500],
    fontSize: '1.2rem',
    lineHeight: '140%',
    whiteSpace: 'nowrap',
  },
  '& .item-row[data-read="true"] .note': { backgroundColor: tokens.grey[300] },
  // Phones: the reason stays on the first line (the title gives way); a read card's chips stand out on its grey.
  '@media (max-width: 599.95px)': {
    // The reason follows the title on its line while the title keeps 6.4rem; otherwise it goes under the code.
    '& .item-row .main': { flexWrap: 'wrap', rowGap: '0.4rem' },
    '& .item-row .main > .title': { flex: '1 1 0', minWidth: '6.4rem' },
    '& .item-row .note': { marginLeft: '0.6rem', padding: '0 0.6rem', lineHeight: '2.2rem' },
    '& .item-row[data-read="true"] .column': { backgroundColor: '#ffffff' },
  },
});

const TAB_ICONS = { GOAL: GoalIcon, ISSUE: IssueIcon, EXTERNAL: ExternalIcon } as const;

export default function NotificationsPage() {
  usePageTitle(text.title);
  const [type, setType] = useState<AlarmType>('GOAL');
  const [grouping, setGrouping] = useState<AlarmGrouping>(INITIAL_ALARM_GROUPING);
  const tabsId = useId();

  const query = useGetAlarmsInfiniteQuery({ type, grouping });
  const { currentData, error, isError } = query;
  const [readAlarm] = useReadAlarmMutation();
  const [deleteAlarms, { isLoading: deleting }] = useDeleteAlarmsMutation();

  const kind = TAB_KIND[type];
  const listGrouping = toListGrouping(grouping);
  const pages = useMemo(() => currentData?.pages ?? [], [currentData]);
  const groups = useMemo(() => mergeListPages(toListPages(pages)), [pages]);
  const rows = useMemo(() => rowsById(pages), [pages]);
  const ids = useMemo(() => loadedItemIds(groups), [groups]);
  const columns = useMemo(() => rowColumns(kind, listGrouping), [kind, listGrouping]);
  const reportDeleteFailure = useDeleteFailureToast('alarms/delete', text.deleteFailed);
  const selection = useDeleteSelection(
    ids,
    (picked) => deleteAlarms(picked).unwrap(),
    reportDeleteFailure,
    deleting,
  );

  const { deleteMode, clearSelection, onDeleteClick, confirmModal } = selection;
  const sentinel = useListPaging(query, text.loadFailed);

  const rowOptions = useCallback(
    (item: ListItem): RowOptions => {
      const row = rows.get(item.id);
      return {
        href: row ? alarmTargetPath(type, row) : '#',
        newTab: true,
        read: row?.read ?? true,
        note: row ? text.reasons[row.reason] : undefined,
      };
    },
    [rows, type],
  );

  /** Opens the item in a new tab (in the click, so no popup blocker objects); an unread alarm is marked read. */
  const open = useCallback(
    (href: string, alarmId: number) => {
      const row = rows.get(alarmId);
      if (!row) return;
      window.open(href, '_blank', 'noopener');
      if (!row.read) {
        readAlarm({ alarmId, type })
          .unwrap()
          .catch((failure: unknown) => console.error(text.readFailed, failure));
      }
    },
    [rows, type, readAlarm],
  );

  const changeTab = (next: AlarmType) => {
    if (next === type) return;
    setType(next);
    setGrouping(INITIAL_ALARM_GROUPING);
    clearSelection();
  };

  const changeGrouping = (next: Grouping) => {
    setGrouping(fromListGrouping(next));
    clearSelection();
  };

  return (
    <ListPage aria-label={text.title} data-tab={type} data-grouping={grouping}>
      <ListHeaderBar>
        <Bell aria-hidden />
        <ListTitle>{text.title}</ListTitle>
      </ListHeaderBar>
      <ListToolbar
        groupings={listGroupingsOf(type)}
        grouping={listGrouping}
        onGroupingChange={changeGrouping}
        deleteMode={deleteMode}
        onDeleteClick={onDeleteClick}
        showSelectAll={false}
        allSelected={false}
        onSelectAll={() => undefined}
      />
      <TabRow
        value={type}
        onChange={(_event, next: AlarmType) => changeTab(next)}
        aria-label={text.tabsLabel}
      >
        {ALARM_TABS.map((tab) => {
          const Icon = TAB_ICONS[tab];
          return (
            <TabButton
              key={tab}
              value={tab}
              id={`${tabsId}-${tab}`}
              aria-controls={`${tabsId}-panel`}
              icon={<Icon />}
              iconPosition="start"
              label={text.tabs[tab]}
              disableRipple
            />
          );
        })}
      </TabRow>
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${type}`}
        style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto' }}
      >
        {isError ? (
          <ListLoadError error={error} />
        ) : (
          <Groups
            query={query}
            groups={groups}
            sentinel={sentinel}
            firstUnderToolbar={false}
            empty={<EmptyNotice>{text.empty}</EmptyNotice>}
            selection={selection}
            groupProps={{
              grouping: listGrouping,
              kind,
              // Unused: `rowOptions` gives every row its own team's link.
              scope: 'team',
              teamId: 0,
              columns,
              onOpen: open,
              hideCreate: true,
              rowOptions,
            }}
          />
        )}
      </div>
      {confirmModal}
    </ListPage>
  );
}
