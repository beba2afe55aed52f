import type { ReactNode } from 'react';
import { keyframes, styled } from '@mui/material/styles';
import { copy } from '../../shared/copy';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { PageTitle } from './profileLayout';

/*
 * The table pages (team-list, team-members): 24px bold title 3.2rem from the top-left, a small navy button on the
 * right, 16px bold column titles, then rows; the first row (default team / the caller) alone between rules
 * (docs/product.md "Settings").
 */

export const TablePage = styled('section')({ padding: '3.2rem 0 6.4rem' });

export const TableTitle = styled(PageTitle)({ padding: '0 3.2rem' });

export const Toolbar = styled('div')({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: '1.6rem',
  padding: '0 3.2rem',
});

const Grid = styled('div', { shouldForwardProp: (prop) => prop !== 'columns' && prop !== 'height' })<{
  columns: string;
  height?: string;
}>(({ columns, height }) => ({
  display: 'grid',
  gridTemplateColumns: columns,
  alignItems: 'center',
  minHeight: height,
  padding: '0 3.2rem',
}));

const HeaderGroup = styled('div')(({ theme }) => ({
  marginTop: '1.9rem',
  paddingBottom: '1.2rem',
  borderBottom: `1px solid ${theme.palette.grey[300]}`,
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
}));

const RestGroup = styled('div', { shouldForwardProp: (prop) => prop !== 'gap' })<{ gap: string }>(
  ({ gap }) => ({ paddingTop: gap }),
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

export interface TableColumn {
  key: string;
  label: string;
}

export interface SettingsTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: TableColumn[];
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
}: SettingsTableProps<T>) {
  const [first, ...rest] = rows;
  const renderRow = (row: T, highlighted: boolean) => (
    <Grid
      key={rowKey(row)}
      role="row"
      columns={template}
      height={highlighted ? firstRowHeight : rowHeight}
      data-highlighted={highlighted || undefined}
    >
      {renderCells(row).map((cell, index) => (
        <Cell key={columns[index]?.key ?? index} role="cell">
          {cell}
        </Cell>
      ))}
    </Grid>
  );
  const skeletons = Array.from({ length: skeletonRows }, (_, index) => (
    <Grid key={`skeleton-${index}`} columns={template} height={rowHeight} aria-hidden="true">
      {columns.map((column, columnIndex) => (
        <Cell key={column.key}>
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
          {columns.map((column) => (
            <ColumnHeader key={column.key} role="columnheader">
              {column.label}
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
      {after}
    </div>
  );
}
