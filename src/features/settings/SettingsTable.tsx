import { useEffect, type ReactNode } from 'react';
import { keyframes, styled } from '@mui/material/styles';
import { copy } from '../../shared/copy';
import { SmallNavyButton } from '../../shared/ui/buttons';
import { PHONE } from '../../shared/ui/layout';
import { VisuallyHidden, visuallyHiddenStyle } from '../../shared/ui/VisuallyHidden';
import { formatShortDate } from './format';
import { CalendarIcon } from './icons';
import { LoadError } from './LoadError';
import { PageTitle } from './profileLayout';

/*
 * The table pages (team-list, team-members): 24px bold title 3.2rem from the top-left, a small navy button on the
 * right, 16px bold column titles, then rows; the first row (default team / the caller) alone between rules
 * (docs/product.md "Settings"). Below 600 px (docs/responsive.md) every row is a card (`data-list-row`): the icon
 * on the left, the name in bold, then the other cells as lines or compact chips (`PhoneCellRole`); the column
 * titles stay for screen readers only.
 */

/** Where a column's cell goes in a phone card: the icon, the bold first line, a line of its own, or a chip. */
export type PhoneCellRole = 'lead' | 'title' | 'line' | 'meta' | 'corner';

const TablePage = styled('section')({ padding: '3.2rem 0 6.4rem', [PHONE]: { padding: '2.4rem 0 4.8rem' } });

const TableTitle = styled(PageTitle)({ padding: '0 3.2rem', [PHONE]: { padding: '0 2rem' } });

const Toolbar = styled('div')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '1.2rem',
  marginTop: '1.6rem',
  padding: '0 3.2rem',
  // Phones: the button on the right, the filter (if any) on its own full-width line below it.
  [PHONE]: { flexWrap: 'wrap', padding: '0 2rem', '& > button': { flex: 'none' } },
});

const Grid = styled('div', { shouldForwardProp: (prop) => prop !== 'columns' && prop !== 'height' })<{
  columns: string;
  height?: string;
}>(({ theme, columns, height }) => ({
  display: 'grid',
  gridTemplateColumns: columns,
  alignItems: 'center',
  minHeight: height,
  padding: '0 3.2rem',
  [PHONE]: {
    // The card: a 4.4rem gutter for the icon, then the cells wrapping as lines and chips.
    position: 'relative',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: '1.6rem',
    rowGap: '0.6rem',
    minHeight: '6.4rem',
    margin: '0 1.6rem 0.8rem',
    padding: '1.2rem 1.6rem 1.2rem 5.6rem',
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: '0.8rem',
    backgroundColor: theme.palette.common.white,
    '&[data-highlighted]': { margin: '0 1.6rem', backgroundColor: theme.palette.grey[200] },
    '& > [data-phone="lead"]': { position: 'absolute', left: '1.6rem', top: '1.4rem' },
    '& > [data-phone="lead"] > *': { paddingLeft: 0 },
    '& > [data-phone="title"]': { flex: '1 0 100%', fontWeight: 700 },
    '& > [data-phone="line"]': { flex: '1 0 100%', fontSize: '1.4rem', color: theme.palette.text.secondary },
    '& > [data-phone="meta"]': { flex: 'none', fontSize: '1.4rem', color: theme.palette.text.secondary },
    '& > [data-phone="meta"] > *': { paddingLeft: 0 },
    // issue #23 (admin): a row's menu button in the card's top-right corner.
    '& > [data-phone="corner"]': { position: 'absolute', right: '0.4rem', top: '0.4rem' },
    '&:has(> [data-phone="corner"])': { paddingRight: '5.2rem' },
  },
}));

const HeaderGroup = styled('div')(({ theme }) => ({
  marginTop: '1.9rem',
  paddingBottom: '1.2rem',
  borderBottom: `1px solid ${theme.palette.grey[300]}`,
  [PHONE]: visuallyHiddenStyle,
}));

const ColumnHeader = styled('div')({
  fontSize: '1.6rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
});

/** The first row, alone between two rules. */
const FirstGroup = styled('div')(({ theme }) => ({
  padding: '0.8rem 0',
  borderBottom: `1px solid ${theme.palette.grey[300]}`,
  [PHONE]: { marginTop: '1.6rem', padding: 0, borderBottom: 0 },
}));

const RestGroup = styled('div', { shouldForwardProp: (prop) => prop !== 'gap' })<{ gap: string }>(
  ({ gap }) => ({ paddingTop: gap, [PHONE]: { paddingTop: '1.2rem' } }),
);

export const Cell = styled('div')({
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'nowrap',
});

/** Truncating text inside a cell. */
export const CellText = styled('span')({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The icon column's cell (an avatar). */
export const IconCell = styled('span')({ display: 'inline-flex', paddingLeft: '1.4rem' });

const DateBox = styled('span')({ display: 'inline-flex', alignItems: 'center', gap: '0.6rem' });

/** A date column's cell: calendar icon and `YY.MM.DD`. */
export function DateCell({ iso }: { iso: string }) {
  return (
    <DateBox>
      <CalendarIcon />
      <time dateTime={iso}>{formatShortDate(iso)}</time>
    </DateBox>
  );
}

const pulse = keyframes({ '50%': { opacity: 0.5 } });

const SkeletonBar = styled('span')(({ theme }) => ({
  display: 'block',
  height: '1.6rem',
  borderRadius: '0.4rem',
  backgroundColor: theme.palette.grey[200],
  animation: `${pulse} 2s cubic-bezier(0.4, 0, 0.6, 1) infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}));

const SkeletonCircle = styled(SkeletonBar)({ width: '2rem', height: '2rem', borderRadius: '50%' });

const Empty = styled('p')(({ theme }) => ({
  margin: 0,
  padding: '2.4rem 3.2rem',
  [PHONE]: { padding: '2.4rem 2rem' },
  fontSize: '1.4rem',
  color: theme.palette.text.secondary,
}));

export interface SettingsTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  /** Column key → title, in display order (the copy's `columns`). */
  columns: Readonly<Record<string, string>>;
  /** CSS grid-template-columns shared by the header and the rows. */
  template: string;
  /** Row height (CSS). */
  rowHeight: string;
  /** Height of the highlighted first row (CSS), 6rem by default. */
  firstRowHeight?: string;
  /** Space between the first row's lower rule and the other rows. */
  restGap: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  /** One node per column. */
  renderCells: (row: T) => ReactNode[];
  /** Skeleton rows to show (first load: 10, next page: 3). */
  skeletonRows?: number;
  /** Rendered after the rows (the infinite-scroll sentinel). */
  after?: ReactNode;
  /** Whether the first row is the highlighted one (not when a filter has dropped the caller's row). */
  highlightFirst?: boolean;
  /** Shown, as a status, when there is no row and nothing loading (a filter that matches nobody). */
  emptyText?: string;
  /** Each column's place in the phone card, in column order (default: icon, name, then chips). */
  phoneRoles?: readonly PhoneCellRole[];
}

/**
 * The settings tables (ARIA table of rows and cells on a CSS grid): column titles, the first row highlighted
 * alone between rules (`data-highlighted`), the other rows, skeleton rows while loading.
 */
export function SettingsTable<T>({
  label,
  columns,
  template,
  rowHeight,
  firstRowHeight = '6rem',
  restGap,
  rows,
  rowKey,
  renderCells,
  skeletonRows = 0,
  after,
  highlightFirst = true,
  emptyText,
  phoneRoles = [],
}: SettingsTableProps<T>) {
  const columnList = Object.entries(columns).map(([key, title]) => ({ key, title }));
  const phoneRole = (index: number): PhoneCellRole =>
    phoneRoles[index] ?? (index === 0 ? 'lead' : index === 1 ? 'title' : 'meta');
  const first = highlightFirst ? rows[0] : undefined;
  const rest = highlightFirst ? rows.slice(1) : rows;
  const renderRow = (row: T, highlighted: boolean) => (
    <Grid
      key={rowKey(row)}
      role="row"
      columns={template}
      height={highlighted ? firstRowHeight : rowHeight}
      data-highlighted={highlighted || undefined}
      data-list-row=""
    >
      {renderCells(row).map((cell, index) => (
        <Cell key={columnList[index]?.key ?? index} role="cell" data-phone={phoneRole(index)}>
          {cell}
        </Cell>
      ))}
    </Grid>
  );
  const skeletons = Array.from({ length: skeletonRows }, (_, index) => (
    <Grid key={`skeleton-${index}`} columns={template} height={rowHeight} aria-hidden="true">
      {columnList.map((column, columnIndex) => (
        <Cell key={column.key} data-phone={phoneRole(columnIndex)}>
          {columnIndex === 0 ? (
            <SkeletonCircle style={{ marginLeft: '1.2rem' }} />
          ) : (
            <SkeletonBar style={{ width: columnIndex === 1 ? '12rem' : '5.6rem' }} />
          )}
        </Cell>
      ))}
    </Grid>
  ));

  return (
    <div role="table" aria-label={label} aria-busy={skeletonRows > 0 || undefined}>
      <HeaderGroup role="rowgroup">
        <Grid role="row" columns={template}>
          {columnList.map((column) => (
            <ColumnHeader key={column.key} role="columnheader">
              {column.title}
            </ColumnHeader>
          ))}
        </Grid>
      </HeaderGroup>
      {first !== undefined && <FirstGroup role="rowgroup">{renderRow(first, true)}</FirstGroup>}
      <RestGroup role="rowgroup" gap={first !== undefined ? restGap : '0.8rem'}>
        {rest.map((row) => renderRow(row, false))}
        {skeletons}
      </RestGroup>
      {skeletonRows > 0 && <VisuallyHidden role="status">{copy.settings.loading}</VisuallyHidden>}
      {rows.length === 0 && skeletonRows === 0 && emptyText && <Empty role="status">{emptyText}</Empty>}
      {after}
    </div>
  );
}

export interface SettingsTablePageProps<T> extends Omit<SettingsTableProps<T>, 'label' | 'columns'> {
  /** The heading's id (the page's accessible name). */
  titleId: string;
  /** The page's copy: heading, table name, column titles, console diagnostic of a failed load. */
  text: { title: string; tableLabel: string; columns: Readonly<Record<string, string>>; loadFailed: string };
  /** The navy button on the right of the toolbar ('팀원 초대하기', '팀 생성하기'). */
  actionLabel: string;
  /** Without it the button is not shown (issue #23: members do not invite). */
  onAction?: () => void;
  /** Toolbar content left of the button (the member filter). */
  tools?: ReactNode;
  /** The page's query state: a failure without data shows the error block; every failure is logged. */
  load: { isError: boolean; error: unknown; hasData: boolean };
  /** After the table (the page's dialog). */
  children?: ReactNode;
}

/** A table page: title, toolbar with its button (which opens a dialog), the table; or the load error. */
export function SettingsTablePage<T>({
  titleId,
  text,
  actionLabel,
  onAction,
  tools,
  load,
  children,
  ...table
}: SettingsTablePageProps<T>) {
  const { isError, error, hasData } = load;
  const { loadFailed } = text;
  useEffect(() => {
    if (isError) console.error(loadFailed, error);
  }, [isError, error, loadFailed]);

  if (isError && !hasData) return <LoadError error={error} />;
  return (
    <TablePage aria-labelledby={titleId}>
      <TableTitle id={titleId}>{text.title}</TableTitle>
      <Toolbar>
        {tools}
        {onAction && (
          <SmallNavyButton type="button" aria-haspopup="dialog" onClick={onAction}>
            {actionLabel}
          </SmallNavyButton>
        )}
      </Toolbar>
      <SettingsTable label={text.tableLabel} columns={text.columns} {...table} />
      {children}
    </TablePage>
  );
}
