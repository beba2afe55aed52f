import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { keyframes, styled } from '@mui/material/styles';
import { errorStatus } from '../../../api/errors';
import { tokens } from '../../../shared/ui/tokens';
import type { ItemKind } from '../../../../contract/itemEnums';
import { copy, type ItemScope } from '../../../shared/copy';
import { ErrorContent } from '../../../shared/ui/ErrorScreen';
import { visuallyHiddenStyle } from '../../../shared/ui/VisuallyHidden';

/* Loading skeleton, empty state and load failure of the lists. */

/** Skeleton rows on the first load and while the next page loads. */
export const FIRST_LOAD_SKELETON_ROWS = 10;
export const NEXT_PAGE_SKELETON_ROWS = 3;

const pulse = keyframes({ '50%': { opacity: 0.5 } });

/*
 * The loading skeleton: rows 7.4rem apart; left a 6rem pill, a 2.4rem square and a 12rem pill (after the
 * 2.4rem lead); right two 12rem pills, a 2.4rem circle and an 8rem pill; pills 1.8rem tall, all #f3f3f3, pulsing.
 */
const Skeleton = styled('div')(({ theme }) => ({
  '&[data-first="true"]': { marginTop: '-1.6rem' },
  // Bones that do not fit are cut off at the content edge (never a sideways scroll).
  '& .skeleton-row': {
    display: 'flex',
    alignItems: 'center',
    height: '7.4rem',
    paddingLeft: '2.4rem',
    overflow: 'hidden',
  },
  [theme.breakpoints.down('sm')]: {
    '&[data-first="true"]': { marginTop: 0 },
    '& .skeleton-row': { height: '6.4rem', paddingLeft: 0 },
  },
  '& .bone': {
    flex: 'none',
    height: '1.8rem',
    borderRadius: '0.9rem',
    backgroundColor: tokens.grey[200],
    animation: `${pulse} 2s cubic-bezier(0.4, 0, 0.6, 1) infinite`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  },
  '& .square': { width: '2.4rem', height: '2.4rem', borderRadius: '0.4rem' },
  '& .circle': { width: '2.4rem', height: '2.4rem', borderRadius: '50%' },
  '& .spacer': { flex: '1 1 auto' },
  '& .sr-only': visuallyHiddenStyle,
}));

const bone = (className: string, width?: string, marginLeft?: string) => (
  <span className={`bone ${className}`} style={{ width, marginLeft }} />
);

/** `rows` pulsing placeholder rows, announced once as "불러오는 중입니다". */
export function ListSkeleton({ rows, first }: { rows: number; first: boolean }) {
  return (
    <Skeleton data-first={first} data-testid="list-skeleton">
      <span className="sr-only" role="status">
        {copy.itemList.loading}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-row" aria-hidden="true" data-testid="skeleton-row">
          {bone('pill', '6rem')}
          {bone('square', undefined, '0.8rem')}
          {bone('pill', '12rem', '0.8rem')}
          <span className="spacer" />
          {bone('pill', '12rem')}
          {bone('pill', '12rem', '2.4rem')}
          {bone('circle', undefined, '2.4rem')}
          {bone('pill', '8rem', '0.8rem')}
        </div>
      ))}
    </Skeleton>
  );
}

/* ---------- empty ---------- */

const Empty = styled('div')({
  flex: '1 1 auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.2rem',
  minHeight: '20rem',
  textAlign: 'center',
  '& p': { margin: 0, fontSize: '1.6rem', lineHeight: '140%', color: tokens.grey[500] },
  '& p.notice': { color: tokens.grey[600] },
});

const EmptyLink = styled(Link)(({ theme }) => ({
  [theme.breakpoints.down('sm')]: { padding: '1.2rem 0.8rem' },
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: tokens.grey[500],
  textDecoration: 'underline',
  textUnderlineOffset: '0.3rem',
  borderRadius: '0.2rem',
  '&:hover': { color: tokens.grey[600] },
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
}));

/**
 * An empty list: one centred, underlined grey link to `detail/create` (docs/product.md "Grouped lists"); the team
 * issue list also says '팀 내에 이슈가 없습니다.' above it.
 */
export function EmptyList({ kind, scope }: { kind: ItemKind; scope: ItemScope }) {
  return (
    <Empty>
      {scope === 'team' && kind === 'issue' && <p>{copy.itemList.noTeamIssues}</p>}
      <EmptyLink to="detail/create">{copy.itemList.empty[scope][kind]}</EmptyLink>
    </Empty>
  );
}

/** An empty list that offers nothing to create: one centred sentence (the notifications page). */
export function EmptyNotice({ children }: { children: ReactNode }) {
  return (
    <Empty>
      <p className="notice">{children}</p>
    </Empty>
  );
}

/* ---------- load failure ---------- */

const ErrorBox = styled('div')({
  flex: '1 1 auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  margin: 'calc(-1 * var(--list-pad, 3.2rem))',
  paddingTop: '11rem',
  backgroundColor: tokens.onboardingBackground,
  textAlign: 'center',
});

/** Reloads the page (the fallback's reset); a module function so tests can replace it. */
export const listReload = { reload: () => window.location.reload() };

/**
 * A list that failed to load: the error block — "{status} Error" (or "Error"), the status's message — with a
 * button that reloads the page (docs/product.md "Errors and messages").
 */
export function ListLoadError({ error }: { error: unknown }) {
  const status = errorStatus(error);
  return (
    <ErrorBox role="alert">
      <ErrorContent status={status} actionLabel={copy.itemList.reload} onAction={() => listReload.reload()} />
    </ErrorBox>
  );
}
