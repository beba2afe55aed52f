import { useEffect, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { AuditEntryView } from '../../../../contract/admin';
import { isAdminRole } from '../../../../contract/roles';
import { errorStatus } from '../../../api/errors';
import { useGetAuditPageQuery, useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { SmallNavyButton } from '../../../shared/ui/buttons';
import { PHONE } from '../../../shared/ui/layout';
import { tokens } from '../../../shared/ui/tokens';
import { visuallyHiddenStyle } from '../../../shared/ui/VisuallyHidden';
import { formatSeoulDateTime } from '../format';
import { LoadError } from '../LoadError';
import { PageTitle } from '../profileLayout';

/*
 * issue #23 (admin): `/workspace/setting/audit-log` — the workspace's audit log for admins (docs/security.md "Audit
 * log"): a table of 일시 (Seoul time) · 사용자 · 작업 · 대상 · IP, newest first, 30 at a time with "더 보기". Below
 * 600 px every row becomes a stacked card whose cells carry their column name.
 */

const Page = styled('section')({
  padding: '3.2rem 3.2rem 6.4rem',
  [PHONE]: { padding: '2.4rem 1.6rem 4.8rem' },
});

const Note = styled('p')(({ theme }) => ({
  margin: '0.8rem 0 0',
  fontSize: '1.4rem',
  lineHeight: '140%',
  color: theme.palette.text.secondary,
}));

const Table = styled('table')(({ theme }) => ({
  width: '100%',
  marginTop: '2rem',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  fontSize: '1.4rem',
  lineHeight: '140%',
  '& th': {
    padding: '0 0.8rem 1.2rem',
    textAlign: 'left',
    fontSize: '1.5rem',
    fontWeight: 700,
    borderBottom: `1px solid ${theme.palette.grey[300]}`,
  },
  '& td': {
    padding: '1.2rem 0.8rem',
    verticalAlign: 'top',
    borderBottom: `1px solid ${tokens.grey[200]}`,
    overflowWrap: 'anywhere',
  },
  '& col.when': { width: '15.6rem' },
  '& col.who': { width: '14rem' },
  '& col.target': { width: '16rem' },
  '& col.ip': { width: '13rem' },
  [PHONE]: {
    '& thead': visuallyHiddenStyle,
    '& colgroup': { display: 'none' },
    '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': {
      boxSizing: 'border-box',
      marginBottom: '0.8rem',
      padding: '1.2rem 1.4rem',
      border: `1px solid ${theme.palette.grey[300]}`,
      borderRadius: '0.8rem',
      backgroundColor: theme.palette.common.white,
    },
    '& td': {
      display: 'flex',
      gap: '1.2rem',
      boxSizing: 'border-box',
      padding: '0.3rem 0',
      border: 0,
    },
    '& td::before': {
      content: 'attr(data-label)',
      flex: '0 0 4.4rem',
      color: theme.palette.text.secondary,
      fontSize: '1.3rem',
    },
    '& td.what': { fontWeight: 700 },
  },
}));

const Detail = styled('span')(({ theme }) => ({
  display: 'block',
  fontWeight: 400,
  color: theme.palette.text.secondary,
  fontSize: '1.3rem',
}));

const Ip = styled('span')({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '1.3rem',
});

const Status = styled('p')(({ theme }) => ({
  margin: '2.4rem 0 0',
  fontSize: '1.4rem',
  color: theme.palette.text.secondary,
}));

const More = styled(SmallNavyButton)({ marginTop: '2rem', [PHONE]: { width: '100%', minHeight: '4.4rem' } });

const text = copy.admin.audit;

/** A value of `details` in Korean where it is a known code (roles, invite expiries, team visibility). */
function valueLabel(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const roles: Record<string, string> = copy.admin.roles;
  const expiries: Record<string, string> = copy.admin.invite.expiries;
  const visibility: Record<string, string> = { public: '공개', private: '비공개' };
  return roles[value] ?? expiries[value] ?? visibility[value] ?? value;
}

/** What changed, in Korean, for the entries whose `details` say it (`from → to`); else null. */
export function auditChange(entry: Pick<AuditEntryView, 'action' | 'details'>): string | null {
  const details = entry.details ?? {};
  if (entry.action === 'workspace.ownership_transferred') {
    return typeof details.fromName === 'string' ? `${details.fromName} → ` : null;
  }
  if (entry.action === 'workspace.image_changed') return details.removed === true ? '삭제' : '변경';
  if ('from' in details && 'to' in details)
    return text.change(valueLabel(details.from), valueLabel(details.to));
  return null;
}

/** The Korean label of an action (every `AUDIT_ACTIONS` entry has one; an unknown one shows as is). */
export function auditActionLabel(action: string): string {
  return (text.actions as Record<string, string>)[action] ?? action;
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const columns = text.columns;
  const change = auditChange(entry);
  const target =
    entry.targetName ??
    (entry.targetType === 'invite' ? '초대 링크' : entry.targetType === 'workspace' ? '워크스페이스' : '');
  return (
    <tr>
      <td data-label={columns.when}>
        <time dateTime={entry.createdAt}>{formatSeoulDateTime(entry.createdAt, true)}</time>
      </td>
      <td data-label={columns.who}>{entry.actorName || text.system}</td>
      <td data-label={columns.what} className="what">
        <span>
          {auditActionLabel(entry.action)}
          {change && <Detail>{change}</Detail>}
        </span>
      </td>
      <td data-label={columns.target}>{target}</td>
      <td data-label={columns.ip}>
        <Ip>{entry.ip ?? ''}</Ip>
      </td>
    </tr>
  );
}

interface ChunkProps {
  before: number | null;
  /** Reports the next page's cursor (null: this was the last page) and whether the page failed. */
  onLoaded: (before: number | null, next: number | null) => void;
}

/** One page of entries (rows of the shared `<tbody>`). */
function AuditChunk({ before, onLoaded }: ChunkProps) {
  const { data } = useGetAuditPageQuery(before);
  useEffect(() => {
    if (data) onLoaded(before, data.nextBefore);
  }, [data, before, onLoaded]);
  return (
    <>
      {data?.entries.map((entry) => (
        <AuditRow key={entry.id} entry={entry} />
      ))}
    </>
  );
}

/** `/workspace/setting/audit-log` (admins; members get the "관리자만" line, the server answers them 403). */
export default function AuditLogPage() {
  usePageTitle({ section: copy.settings.pageTitle }, text.pageTitle);
  const { data: profile } = useGetWorkspaceProfileQuery();
  const admin = isAdminRole(profile?.myRole);
  // Asked only once the profile says the caller is an admin (members would only get 403).
  const first = useGetAuditPageQuery(null, { skip: !admin });
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const [next, setNext] = useState<Map<number | null, number | null>>(new Map());
  const onLoaded = useState(
    () => (before: number | null, after: number | null) =>
      setNext((map) =>
        map.get(before) === after && map.has(before) ? map : new Map(map).set(before, after),
      ),
  )[0];

  useEffect(() => {
    if (first.isError) console.error(text.loadFailed, first.error);
  }, [first.isError, first.error]);

  if (!admin) {
    return (
      <Page aria-labelledby="audit-title">
        <PageTitle id="audit-title">{text.title}</PageTitle>
        <Status role="status">{profile ? text.adminsOnly : copy.settings.loading}</Status>
      </Page>
    );
  }
  if (first.isError && errorStatus(first.error) !== 403) return <LoadError error={first.error} />;

  const last = cursors[cursors.length - 1]!;
  const nextCursor = next.has(last) ? next.get(last)! : null;
  const empty = first.data !== undefined && first.data.entries.length === 0;
  const columns = text.columns;

  return (
    <Page aria-labelledby="audit-title">
      <PageTitle id="audit-title">{text.title}</PageTitle>
      <Note>{text.note}</Note>
      {first.isError ? (
        <Status role="status">{text.adminsOnly}</Status>
      ) : (
        <>
          <Table aria-label={text.tableLabel} aria-busy={first.isLoading || undefined}>
            <colgroup>
              <col className="when" />
              <col className="who" />
              <col className="what" />
              <col className="target" />
              <col className="ip" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{columns.when}</th>
                <th scope="col">{columns.who}</th>
                <th scope="col">{columns.what}</th>
                <th scope="col">{columns.target}</th>
                <th scope="col">{columns.ip}</th>
              </tr>
            </thead>
            <tbody>
              {cursors.map((before) => (
                <AuditChunk key={String(before)} before={before} onLoaded={onLoaded} />
              ))}
            </tbody>
          </Table>
          {first.isLoading && <Status role="status">{copy.settings.loading}</Status>}
          {empty && <Status role="status">{text.empty}</Status>}
          {nextCursor !== null && (
            <More type="button" onClick={() => setCursors((list) => [...list, nextCursor])}>
              {text.more}
            </More>
          )}
        </>
      )}
    </Page>
  );
}
