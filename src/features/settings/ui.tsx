import { useId, type ReactNode } from 'react';
import { keyframes, styled } from '@mui/material/styles';
import { errorStatus } from '../../api/errors';
import { copy, errorMessageFor } from '../../shared/copy';
import { goBackAndReload } from '../../shared/lib/browser';
import { PrimaryButton, StatusHeading, StatusMessage } from '../../shared/ui/layout';

/*
 * Building blocks of the settings pages, measured against veco-settings-*.png (1440×900, 1rem = 10px):
 * - profile pages (ws-profile, my-profile): a 62.8rem column centred in the content area, 10rem from the top;
 *   24px bold title, 2.4rem, a grey rule; 20px row labels; 3.6rem disabled inputs;
 * - table pages (team-list, team-members): 24px bold title 3.2rem from the top-left, a small navy button on the
 *   right, 16px bold column titles, then rows; the first row (default team / the caller) alone between rules.
 */

/* ---------- profile pages ---------- */

export const ProfileColumn = styled('section')({
  width: '62.8rem',
  maxWidth: 'calc(100% - 6.4rem)',
  margin: '0 auto',
  padding: '10rem 0 6.4rem',
});

export const PageTitle = styled('h1')(({ theme }) => ({
  margin: 0,
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
}));

export const TitleRule = styled('hr')(({ theme }) => ({
  margin: '2.4rem 0 0',
  border: 0,
  borderTop: `1px solid ${theme.palette.grey[300]}`,
}));

/** A label on the left (20px) and a control on the right (logo, avatar, 12.8rem button). */
export const SettingRow = styled('div')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1.6rem',
  minHeight: '4.2rem',
  marginTop: '2.4rem',
});

export const RowLabel = styled('h2')({
  margin: 0,
  fontSize: '2rem',
  lineHeight: '140%',
  fontWeight: 400,
  letterSpacing: '-0.02em',
});

const FieldGroup = styled('div')({
  marginTop: '2.4rem',
  '& + &': { marginTop: '3.2rem' },
});

const FieldLabel = styled('label')({
  display: 'block',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
});

const ReadOnlyInput = styled('input')(({ theme }) => ({
  display: 'block',
  boxSizing: 'border-box',
  width: '100%',
  height: '3.6rem',
  marginTop: '1rem',
  padding: '0 1.2rem',
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '0.4rem',
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.grey[400],
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  WebkitTextFillColor: theme.palette.grey[400],
  opacity: 1,
}));

/** A labelled, disabled, read-only input showing `value` (ws-profile name and URL, my-profile name and email). */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <FieldGroup>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <ReadOnlyInput id={id} type="text" value={value} readOnly disabled />
    </FieldGroup>
  );
}

/* ---------- table pages ---------- */

export const TablePage = styled('section')({ padding: '3.2rem 0 6.4rem' });

export const TableTitle = styled(PageTitle)({ padding: '0 3.2rem' });

export const Toolbar = styled('div')({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: '1.6rem',
  padding: '0 3.2rem',
});

/** The small navy button of the table pages ("팀 생성하기", "팀원 초대하기"). */
export const SmallNavyButton = styled('button')(({ theme }) => ({
  height: '3.5rem',
  padding: '0 1.1rem',
  border: 0,
  borderRadius: '0.6rem',
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  font: 'inherit',
  fontSize: '1.4rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&:hover': { opacity: 0.9 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
}));

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

/** The first row, alone between two rules (spec §6 "highlighted first row"). */
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

/* ---------- load failure ---------- */

const ErrorBox = styled('div')({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '11rem 3.2rem 0',
  boxSizing: 'border-box',
  textAlign: 'center',
});

/**
 * A settings page whose data failed to load (spec §8 "A list fetch error shows a full-page fallback"): the
 * generic error screen's heading, message and "돌아가기" (back one page and reload), inside the shell's `<main>`.
 */
export function LoadError({ error }: { error: unknown }) {
  const status = errorStatus(error);
  return (
    <ErrorBox role="alert">
      <StatusHeading>{copy.errors.heading(status)}</StatusHeading>
      <StatusMessage>
        {errorMessageFor(status)}
        {'\n'}
        {copy.errors.retryLater}
      </StatusMessage>
      <PrimaryButton type="button" onClick={goBackAndReload}>
        {copy.errors.back}
      </PrimaryButton>
    </ErrorBox>
  );
}

/* ---------- controls ---------- */

export const VisuallyHidden = styled('span')({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

const tick = (colour: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M4.2 8.3 6.9 10.9 11.8 5.6" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  )}")`;

/**
 * A native checkbox drawn like the reference's: a rounded square stroked `#aeaeae`; checked = filled navy (or red,
 * for the withdraw agreement) with a white tick. Stays a real `<input type="checkbox">` (keyboard, forms, e2e).
 */
export const Checkbox = styled('input', {
  shouldForwardProp: (prop) => prop !== 'tone' && prop !== 'boxSize',
})<{
  tone?: 'navy' | 'red';
  boxSize?: string;
}>(({ theme, tone = 'navy', boxSize = '1.6rem' }) => {
  const fill = tone === 'red' ? theme.palette.error.main : theme.palette.primary.main;
  return {
    appearance: 'none',
    flex: 'none',
    width: boxSize,
    height: boxSize,
    margin: 0,
    border: `1.5px solid ${theme.palette.grey[400]}`,
    borderRadius: '0.3rem',
    backgroundColor: theme.palette.common.white,
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '100% 100%',
    cursor: 'pointer',
    '&:checked': { borderColor: fill, backgroundColor: fill, backgroundImage: tick('#ffffff') },
    '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  };
});
