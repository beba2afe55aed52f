import { screen } from '@testing-library/react';
import { Link, useParams } from 'react-router-dom';
import type { ItemDetail } from '../../../../src/api/itemDetailApi';
import { useGetItemDetailQuery } from '../../../../src/api/itemDetailApi';
import type { SearchHit } from '../../../../src/api/searchApi';
import { envelopeResponse, profile, type FetchHandler } from '../../support/helpers';
import { renderWorkspaceShell } from '../../support/shell';
import { defaultTeam, frontend, onePage, signedIn, teamsHandler } from '../workspace/workspaceSupport';

/* Fixtures and renderers of the command palette and shortcut tests. */

export function hit(overrides: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id' | 'title'>): SearchHit {
  return {
    teamId: frontend.teamId,
    teamName: frontend.teamName,
    name: `Frontend-${overrides.kind[0]}${overrides.id}`,
    state: 'IN_PROGRESS',
    priority: 'NORMAL',
    match: 'title',
    ranges: [],
    ...overrides,
  };
}

/** The routes every shell render needs: the workspace profile (default team 7) and the teams. */
export function shellRoutes(extra: Record<string, FetchHandler> = {}): Record<string, FetchHandler> {
  return {
    'GET /api/workspace/setting': () => envelopeResponse(200, profile),
    'GET /api/workspace/setting/teams': teamsHandler(onePage(defaultTeam, frontend)),
    'GET /api/alarms/unread-count': () => envelopeResponse(200, { total: 0 }),
    ...extra,
  };
}

/** `GET /api/search` answering `answer(q)`, recording every `q` asked. */
export function searchHandler(answer: (q: string) => SearchHit[]) {
  const queries: string[] = [];
  const handler: FetchHandler = (request) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    queries.push(q);
    return envelopeResponse(200, { items: answer(q) });
  };
  return { queries, handler };
}

/** A stand-in list page: three rows shaped like the items list's (`data-testid="item-row"` with a link). */
function FakeList() {
  const { teamId } = useParams();
  return (
    <ul>
      {[1, 2, 3].map((id) => (
        <li key={id} data-testid="item-row">
          <div className="row">
            <Link className="main" to={`/workspace/team/${teamId}/issue/${id}`}>
              {`이슈 ${id}`}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A stand-in detail page that loads its item through the real detail query (what the recents read). */
function FakeDetail() {
  const { teamId, issueId } = useParams();
  const { data } = useGetItemDetailQuery({ kind: 'issue', teamId: Number(teamId), id: Number(issueId) });
  return <h1>{data?.title ?? '…'}</h1>;
}

/** A stand-in page with a text field, an editable area and a checkbox. */
function FakeForm() {
  return (
    <form>
      <input aria-label="제목" />
      <div contentEditable suppressContentEditableWarning aria-label="설명" role="textbox" />
      <input type="checkbox" aria-label="선택" />
    </form>
  );
}

/** Renders the workspace shell at `path` (StrictMode, real store) over the stand-in pages, once it has loaded. */
export async function renderShell(path: string) {
  const shell = await renderWorkspaceShell(
    path,
    [
      { path: 'team/:teamId/issue', element: <FakeList /> },
      { path: 'default/team/:teamId/issue', element: <FakeList /> },
      { path: 'team/:teamId/issue/:issueId', element: <FakeDetail /> },
      { path: 'form', element: <FakeForm /> },
      { path: '*', element: <p>page</p> },
    ],
    { preloadedState: signedIn },
  );
  const pathname = () => shell.router.state.location.pathname;
  // The sidebar has loaded the workspace profile (default team 7) and the teams.
  await screen.findByRole('link', { name: 'Acme' });
  return { ...shell, pathname };
}

export function issueDetail(id: number, overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id,
    name: `Frontend-i${id}`,
    title: `이슈 ${id}`,
    state: 'TODO',
    priority: 'HIGH',
    deadline: { start: null, end: null },
    managers: { cnt: 0, info: [] },
    goal: null,
    extServiceType: null,
    createdAt: '2026-11-21T10:12:30+09:00',
    content: '',
    teamId: frontend.teamId,
    teamName: frontend.teamName,
    updatedAt: '2026-11-21T10:12:30+09:00',
    issues: null,
    externalLink: null,
    ...overrides,
  };
}
