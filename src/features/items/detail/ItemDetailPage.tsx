import { Link, useNavigate } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { COMMENT_CATEGORY, useGetItemDetailQuery, useGetItemNameQuery } from '../../../api/itemDetailApi';
import { errorStatus } from '../../../api/errors';
import { teamListPath } from '../../../app/paths';
import type { ItemKind } from '../../../../contract/itemEnums';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { useTeam } from '../../../shared/lib/useTeam';
import { copy, type ItemScope } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { tokens } from '../../../shared/ui/tokens';
import { LeaveGuard } from '../../leaveGuard';
import { CommentsSection } from './CommentsSection';
import type { DetailMode } from './detailFormReducer';
import { DETAIL_CONTAINER, WIDE_DETAIL } from './detailLayout';
import { DescriptionSlot } from './DescriptionSlot';
import { PropertyPanel } from './PropertyPanel';
import { SAVE_BUTTON_PLACE, SaveButton } from './SaveButton';
import { TitleField } from './TitleField';
import { useItemDetailForm } from './useItemDetailForm';

/** Loads the description editor ahead of the first render (pages/ItemPage.tsx `loadItemDetailPage`). */
export { loadDescriptionEditor } from './DescriptionSlot';

export type { DetailMode };

/**
 * The tab title (docs/product.md "Item detail"): `{item title} · {team} · Momentum` in view and edit (the saved
 * title), `새 이슈 · {team} · Momentum` (새 목표, 새 외부 이슈) in create. A child of the page, so the 404 and
 * error screens that replace the page keep their own title.
 */
function PageTitle({ title, team }: { title: string | undefined; team: string | null }) {
  usePageTitle(title, team);
  return null;
}

export interface ItemDetailPageProps {
  kind: ItemKind;
  mode: DetailMode;
  scope: ItemScope;
  teamId: number;
  /** The item id (view, edit); null in create mode. */
  id: number | null;
}

/**
 * The page inside the shell's `<main>` (a plain element: one `<main>` per page). The container of the detail's
 * container queries (detailLayout.ts). The bottom padding keeps the floating save button's band free, so the button
 * never covers the end of the page (SaveButton.tsx).
 */
const Page = styled('div')(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100%',
  padding: '3.2rem',
  paddingBottom: SAVE_BUTTON_PLACE.desktop.band,
  boxSizing: 'border-box',
  color: tokens.grey[600],
  containerType: 'inline-size',
  containerName: DETAIL_CONTAINER,
  [theme.breakpoints.down('md')]: {
    padding: '2.4rem',
    paddingBottom: SAVE_BUTTON_PLACE.tablet.band,
  },
  [theme.breakpoints.down('sm')]: {
    padding: '1.6rem',
    paddingBottom: `calc(${SAVE_BUTTON_PLACE.phone.band} + env(safe-area-inset-bottom, 0px))`,
  },
}));

/**
 * Team (→ its list), generated name and the title — the page's one `<h1>`: the title, or '새 이슈' … while empty.
 * Nothing wraps: the team name and the title end in an ellipsis (a long team name used to stack one syllable per
 * line). On phones the visible title is the big field right below, so the `<h1>` is kept for assistive technology
 * only.
 */
const Header = styled('header')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minWidth: 0,
  '& .team': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    flex: '0 1 auto',
    minWidth: '4.4rem',
    fontSize: '2.4rem',
    fontWeight: 700,
    color: 'inherit',
    textDecoration: 'none',
    '& > :first-of-type': { flex: 'none' },
  },
  '& .team-name, & .title': {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .name': { flex: 'none', fontSize: '1.6rem', fontWeight: 700, whiteSpace: 'nowrap' },
  '& .title': { flex: '1 1 0', margin: 0, fontSize: '1.6rem', fontWeight: 400 },
  '& .title.empty': { color: tokens.grey[500] },
  // Touch screens: the team link is a 44 px target.
  '@media (pointer: coarse)': { '& .team': { minHeight: '4.4rem' } },
  [theme.breakpoints.down('sm')]: {
    gap: '0.8rem',
    '& .team': { fontSize: '1.8rem', minHeight: '4.4rem' },
    '& .name': { fontSize: '1.4rem', color: tokens.grey[500] },
    '& .title': {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
}));

/** '위치'. Phones leave it out: the team link of the header goes to the same list. */
const Crumbs = styled('nav')(({ theme }) => ({
  marginTop: '0.8rem',
  fontSize: '1.4rem',
  color: tokens.grey[500],
  minWidth: 0,
  '& ol': { display: 'flex', gap: '0.6rem', listStyle: 'none', margin: 0, padding: 0, minWidth: 0 },
  '& li': { flex: 'none', whiteSpace: 'nowrap' },
  '& li:last-of-type': { flex: '0 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& li + li::before': { content: '"/"', marginRight: '0.6rem' },
  '& a': { color: 'inherit' },
  [theme.breakpoints.down('sm')]: { display: 'none' },
}));

/**
 * Title, '속성' and the description with the comments. Narrow (detailLayout.ts): one column — title, the '속성'
 * band, description — and `--detail-save-band` lifts the sticky comment box above the save button, which would
 * otherwise cover its '확인'. Wide: the description column and the panel beside it (the desktop reference).
 */
const Body = styled('div')(({ theme }) => ({
  '--detail-save-band': SAVE_BUTTON_PLACE.desktop.band,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  rowGap: '2.4rem',
  marginTop: '5.7rem',
  padding: '0 3.2rem',
  '& > .heading-area, & > .content-area': { display: 'flex', flexDirection: 'column', minWidth: 0 },
  [theme.breakpoints.down('md')]: {
    '--detail-save-band': SAVE_BUTTON_PLACE.tablet.band,
    marginTop: '3.2rem',
    padding: 0,
  },
  [theme.breakpoints.down('sm')]: {
    '--detail-save-band': `calc(${SAVE_BUTTON_PLACE.phone.band} + env(safe-area-inset-bottom, 0px))`,
    rowGap: '1.6rem',
    marginTop: '1.6rem',
  },
  [WIDE_DETAIL]: {
    '--detail-save-band': '0px',
    gridTemplateColumns: 'minmax(40rem, 1fr) minmax(33rem, auto)',
    // The panel spans both rows; `1fr` takes what it needs beyond them, so the title row stays its own height.
    gridTemplateRows: 'auto 1fr',
    columnGap: '8.8rem',
    rowGap: 0,
    '& > .heading-area': { gridColumn: 1, gridRow: 1 },
    '& > aside': { gridColumn: 2, gridRow: '1 / span 2', alignSelf: 'start' },
    '& > .content-area': { gridColumn: 1, gridRow: 2 },
  },
}));

/** Edit mode: the item was saved by someone else meanwhile (the typed text stays). */
const ChangedNotice = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  marginTop: '1.6rem',
  padding: '0.8rem 1.2rem',
  borderRadius: '5px',
  fontSize: '1.4rem',
  backgroundColor: tokens.grey[200],
  '& button': {
    padding: '0.4rem 0.8rem',
    border: `1px solid ${tokens.grey[300]}`,
    borderRadius: '5px',
    background: tokens.grey[100],
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
  },
  [theme.breakpoints.down('sm')]: {
    flexWrap: 'wrap',
    '& button': { minHeight: '4.4rem' },
  },
}));

/**
 * One detail screen for goals, issues and externals (docs/product.md "Item detail"): create → POST →
 * view (replace); view → '수정하기' → edit; edit → PATCH → view. In view mode each property change is PATCHed at
 * once with that field alone. Create and edit arm the leave guard.
 */
export default function ItemDetailPage({ kind, mode, scope, teamId, id }: ItemDetailPageProps) {
  const text = copy.itemDetail;
  const navigate = useNavigate();
  const detailQuery = useGetItemDetailQuery(
    { kind, teamId, id: id ?? 0 },
    { skip: mode === 'create' || id === null },
  );
  const detail = detailQuery.data;
  const { data: nextName } = useGetItemNameQuery({ kind, teamId }, { skip: mode !== 'create' });
  const team = useTeam(teamId, true);
  const listPath = teamListPath(scope, teamId, kind);
  // The form, its saves and the live-update rules (useItemDetailForm.ts, detailFormReducer.ts).
  const detailForm = useItemDetailForm({ kind, mode, teamId, id, detail, listPath });
  const { form, ready } = detailForm;

  if (mode !== 'create' && detailQuery.isError) {
    const status = errorStatus(detailQuery.error);
    return status === 404 ? (
      <NotFoundPage />
    ) : (
      <ErrorScreen status={status} onReset={() => void detailQuery.refetch()} />
    );
  }

  const teamName = detail?.teamName ?? team?.teamName ?? '';
  const itemName = mode === 'create' ? (nextName ?? '') : (detail?.name ?? '');
  const shownTitle = form.title.trim() || text.defaultTitle[kind];

  return (
    <Page aria-busy={!ready}>
      <PageTitle
        title={mode === 'create' ? text.defaultTitle[kind] : detail?.title}
        team={teamName || null}
      />
      <Header>
        <Link className="team" to={listPath}>
          <Avatar kind="team" src={team?.teamImageUrl ?? null} size="3.2rem" />
          <span className="team-name">{teamName}</span>
        </Link>
        {itemName && <span className="name">{itemName}</span>}
        <h1 className={form.title.trim() ? 'title' : 'title empty'}>{shownTitle}</h1>
      </Header>
      <Crumbs aria-label={text.breadcrumb}>
        <ol>
          <li>
            <Link to={listPath}>{teamName}</Link>
          </li>
          <li>{id !== null ? `#${id}` : itemName}</li>
          <li aria-current="page">{shownTitle}</li>
        </ol>
      </Crumbs>
      {ready ? (
        <Body>
          <div className="heading-area">
            <TitleField
              value={form.title}
              placeholder={text.titlePlaceholder[kind]}
              onChange={detailForm.setTitle}
              onCommit={detailForm.commitTitle}
              focusOnMount={mode === 'create'}
            />
            {detailForm.changedWhileEditing && id !== null && (
              <ChangedNotice role="status">
                {copy.live.changedWhileEditing}
                <button type="button" onClick={() => navigate(`${listPath}/${id}`)}>
                  {copy.live.showLatest}
                </button>
              </ChangedNotice>
            )}
          </div>
          <PropertyPanel
            kind={kind}
            mode={mode}
            teamId={teamId}
            form={form}
            onChange={detailForm.changeProperty}
          />
          <div className="content-area">
            <DescriptionSlot
              key={`${mode}-${id ?? 'new'}-${detailForm.contentRevision}`}
              initialContent={form.content}
              readOnly={mode === 'view'}
              onChange={detailForm.setContent}
              onCheckToggle={
                mode === 'view' ? (content) => void detailForm.saveChecklist(content) : undefined
              }
            />
            {mode === 'view' && <CommentsSection category={COMMENT_CATEGORY[kind]} targetId={id} />}
          </div>
        </Body>
      ) : (
        <p role="status">{text.loading}</p>
      )}
      <SaveButton
        mode={mode}
        saving={detailForm.saving}
        disabled={!form.title.trim()}
        onClick={() => void detailForm.save()}
      />
      <LeaveGuard />
    </Page>
  );
}
