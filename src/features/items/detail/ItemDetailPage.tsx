import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import {
  COMMENT_CATEGORY,
  useGetItemDetailQuery,
  useGetItemNameQuery,
  useUpdateItemMutation,
  type ItemDetail,
  type ItemPatch,
} from '../../../api/itemDetailApi';
import {
  useCreateExternalMutation,
  useCreateGoalMutation,
  useCreateIssueMutation,
  type CreateExternalResult,
} from '../../../api/itemsApi';
import { errorEnvelope, errorStatus } from '../../../api/errors';
import { useAppDispatch } from '../../../app/hooks';
import { teamListPath } from '../../../app/paths';
import type { ItemKind } from '../../../../contract/itemEnums';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { useTeam } from '../../../shared/lib/useTeam';
import { copy, type ItemScope } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { tokens } from '../../../shared/ui/tokens';
import { LeaveGuard, leaveGuardArmed, leaveGuardReleased } from '../../leaveGuard';
import { toastShown } from '../../toast';
import { CommentsSection } from './CommentsSection';
import { DETAIL_CONTAINER, WIDE_DETAIL } from './detailLayout';
import { DescriptionSlot } from './DescriptionSlot';

/** Loads the description editor ahead of the first render (pages/ItemPage.tsx `loadItemDetailPage`). */
export { loadDescriptionEditor } from './DescriptionSlot';
import {
  createPayload,
  editPatch,
  EMPTY_FORM,
  externalCreateBlock,
  formFromDetail,
  sameItemContent,
  type DetailForm,
} from './detailModel';
import { PropertyPanel } from './PropertyPanel';
import { SAVE_BUTTON_PLACE, SaveButton } from './SaveButton';
import { TitleField } from './TitleField';

export type DetailMode = 'create' | 'view' | 'edit';

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
  const dispatch = useAppDispatch();

  const detailArg = { kind: kind, teamId, id: id ?? 0 };
  const detailQuery = useGetItemDetailQuery(detailArg, { skip: mode === 'create' || id === null });
  const detail = detailQuery.data;
  const { data: nextName } = useGetItemNameQuery({ kind: kind, teamId }, { skip: mode !== 'create' });
  const team = useTeam(teamId, true);

  /*
   * The detail already in RTK Query's cache when the page mounts (a fresh tab: the route's loader put the early
   * script's answer there, features/items/earlyResponse.ts) fills the form in the first render, so the title and
   * the description show in the page's first commit instead of one effect later (docs/performance.md "Opening an
   * item directly").
   */
  const [mountedWith] = useState(() => (mode !== 'create' && detail && detail.id === id ? detail : null));
  const [form, setForm] = useState<DetailForm>(() =>
    mountedWith ? formFromDetail(mountedWith) : EMPTY_FORM,
  );
  /** The latest form, for handlers that run before a re-render (several changes in one tick). */
  const formRef = useRef(form);
  /** The form as loaded: the base of edit's deadline diff and of view's title save. */
  const loaded = useRef<DetailForm>(form);
  const [loadedId, setLoadedId] = useState<number | null>(mountedWith ? id : null);
  const [saving, setSaving] = useState(false);

  /*
   * Live updates: the detail refetches when the item changes (features/live/applyLiveEvent.ts). View
   * mode shows the new data (keeping a title being typed, and waiting for this page's own property saves); edit
   * mode never touches the form and shows `changedWhileEditing` instead.
   */
  /** The detail the form was last filled from. */
  const filledFrom = useRef<ItemDetail | null>(mountedWith);
  /** The latest detail, for `save` (which runs across renders). */
  const detailRef = useRef(detail);
  useEffect(() => {
    detailRef.current = detail;
  }, [detail]);
  const lastMode = useRef(mode);
  /** Set by a successful edit save: entering view mode then keeps the saved form instead of discarding it. */
  const justSaved = useRef(false);
  /** View-mode property saves in flight. */
  const pendingPatches = useRef(0);
  /** Remounts the description editor when a newer description arrives in view mode. */
  const [contentRevision, setContentRevision] = useState(0);
  const [changedWhileEditing, setChangedWhileEditing] = useState(false);

  // Detail data is loaded into the form once; later data as described above.
  useEffect(() => {
    const cameFromEdit = lastMode.current === 'edit' && mode === 'view';
    lastMode.current = mode;
    if (!detail || detail.id !== id) return;
    if (loadedId !== id) {
      filledFrom.current = detail;
      loaded.current = formFromDetail(detail);
      formRef.current = loaded.current;
      setForm(loaded.current);
      setLoadedId(id);
      return;
    }
    if (mode === 'edit') {
      if (
        !saving &&
        detail !== filledFrom.current &&
        !sameItemContent(formFromDetail(detail), loaded.current)
      ) {
        setChangedWhileEditing(true);
      }
      return;
    }
    if (mode !== 'view') return;
    // Left edit mode without saving ('최신 내용 보기', back): the typed changes are discarded.
    const discard = cameFromEdit && !justSaved.current;
    if (cameFromEdit) justSaved.current = false;
    if (!discard && (detail === filledFrom.current || pendingPatches.current > 0)) return;
    filledFrom.current = detail;
    const latest = formFromDetail(detail);
    const typedTitle =
      !discard && formRef.current.title !== loaded.current.title ? formRef.current.title : null;
    if (latest.content !== formRef.current.content) setContentRevision((revision) => revision + 1);
    loaded.current = latest;
    formRef.current = typedTitle === null ? latest : { ...latest, title: typedTitle };
    setForm(formRef.current);
    setChangedWhileEditing(false);
  }, [detail, id, loadedId, mode, saving]);

  useEffect(() => {
    if (mode === 'view') return undefined;
    dispatch(leaveGuardArmed({ reason: mode }));
    return () => {
      dispatch(leaveGuardReleased());
    };
  }, [mode, dispatch]);

  const [updateItem] = useUpdateItemMutation();
  const [createGoal] = useCreateGoalMutation();
  const [createIssue] = useCreateIssueMutation();
  const [createExternal] = useCreateExternalMutation();

  const listPath = teamListPath(scope, teamId, kind);
  const viewPath = (itemId: number) => `${listPath}/${itemId}`;

  /** A view-mode save of some fields: true when it was saved; a failure is only logged. */
  const patchNow = async (patch: ItemPatch): Promise<boolean> => {
    if (id === null) return false;
    pendingPatches.current += 1;
    try {
      await updateItem({ kind: kind, teamId, id, patch }).unwrap();
      return true;
    } catch (cause) {
      console.error(text.updateFailed, cause);
      return false;
    } finally {
      pendingPatches.current -= 1;
    }
  };

  const onPropertyChange = (fields: Partial<DetailForm>, patch: ItemPatch | null) => {
    const next = { ...formRef.current, ...fields };
    formRef.current = next;
    setForm(next);
    if (mode === 'view' && patch) {
      loaded.current = { ...loaded.current, ...fields };
      void patchNow(patch);
    }
  };

  /** Checklist ticks of view mode waiting to be saved: the latest document, sent after the one in flight. */
  const checklistSaves = useRef<{ running: boolean; next: string | null }>({ running: false, next: null });

  /**
   * View mode: a checklist item was ticked (docs/product.md "Item detail": a view-mode property change). The
   * description is saved at once with a `PATCH` of `content` alone — the same request, cache invalidation and
   * live-update rule as the other properties (newer data waits while a save of this tab is in flight). Quick ticks
   * are sent one after another, the latest document last, so a slower earlier request never lands after a later
   * one. When the last save fails it is logged ('수정 실패') and the box goes back to what the server holds.
   */
  const saveChecklist = async (content: string) => {
    if (mode !== 'view') return;
    formRef.current = { ...formRef.current, content };
    loaded.current = { ...loaded.current, content };
    setForm(formRef.current);
    const queue = checklistSaves.current;
    queue.next = content;
    if (queue.running) return;
    queue.running = true;
    pendingPatches.current += 1;
    let saved = true;
    try {
      while (queue.next !== null) {
        const next = queue.next;
        queue.next = null;
        saved = await patchNow({ content: next });
      }
    } finally {
      queue.running = false;
      pendingPatches.current -= 1;
    }
    const server = detailRef.current;
    if (!saved && server && formRef.current.content === content) {
      loaded.current = { ...loaded.current, content: server.content };
      formRef.current = { ...formRef.current, content: server.content };
      setForm(formRef.current);
      setContentRevision((revision) => revision + 1);
    }
  };

  const commitTitle = () => {
    if (mode !== 'view') return;
    const title = formRef.current.title.trim();
    if (!title || title === loaded.current.title) return;
    loaded.current = { ...loaded.current, title };
    void patchNow({ title });
  };

  const save = async () => {
    const current = formRef.current;
    if (saving || !current.title.trim()) return;
    if (mode === 'view') {
      if (id !== null) navigate(`${viewPath(id)}/edit`);
      return;
    }
    if (mode === 'create' && kind === 'external') {
      // A tool is required; GitHub also needs its repository and installation.
      const blocked = externalCreateBlock(current);
      if (blocked) {
        dispatch(toastShown({ key: 'ext-tool', message: text[blocked] }));
        return;
      }
    }
    setSaving(true);
    try {
      let targetId: number;
      if (mode === 'create') {
        const body = createPayload(kind, current);
        if (kind === 'goal') targetId = (await createGoal({ teamId, body: body as never }).unwrap()).goalId;
        else if (kind === 'issue')
          targetId = (await createIssue({ teamId, body: body as never }).unwrap()).issueId;
        else {
          const created = await createExternal({ teamId, body: body as never }).unwrap();
          targetId = created.externalId;
          toastSync(created.sync);
        }
      } else {
        if (id === null) return;
        await updateItem({
          kind: kind,
          teamId,
          id,
          patch: editPatch(kind, current, loaded.current),
        }).unwrap();
        targetId = id;
      }
      // Saved: release the guard before navigating (the blocker reads the store at navigation time).
      dispatch(leaveGuardReleased());
      // View mode keeps the saved form; only data newer than what is cached now replaces it.
      justSaved.current = mode === 'edit';
      filledFrom.current = detailRef.current ?? null;
      setChangedWhileEditing(false);
      setForm(formRef.current);
      navigate(viewPath(targetId), { replace: mode === 'create' });
      setSaving(false);
    } catch (cause) {
      console.error(mode === 'create' ? text.createFailed : text.updateFailed, cause);
      // Failed saves stay silent, except the GitHub rule the server enforces too.
      if (errorEnvelope(cause as Parameters<typeof errorEnvelope>[0])?.code === 'GITHUB400_0') {
        dispatch(toastShown({ key: 'ext-tool', message: text.githubMissing }));
      }
      setSaving(false);
    }
  };

  /** What happened on the linked tool: the external is saved either way (contract `sync`). */
  const toastSync = (sync: CreateExternalResult['sync'] | undefined) => {
    if (!sync) return;
    const message = sync.ok ? text.syncDone[sync.service] : sync.message || text.syncFailed[sync.service];
    dispatch(toastShown({ key: 'ext-sync', message }));
  };

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
  const ready = mode === 'create' || loadedId === id;

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
              onChange={(title) => {
                formRef.current = { ...formRef.current, title };
                setForm(formRef.current);
              }}
              onCommit={commitTitle}
              focusOnMount={mode === 'create'}
            />
            {mode === 'edit' && changedWhileEditing && id !== null && (
              <ChangedNotice role="status">
                {copy.live.changedWhileEditing}
                <button type="button" onClick={() => navigate(viewPath(id))}>
                  {copy.live.showLatest}
                </button>
              </ChangedNotice>
            )}
          </div>
          <PropertyPanel kind={kind} mode={mode} teamId={teamId} form={form} onChange={onPropertyChange} />
          <div className="content-area">
            <DescriptionSlot
              key={`${mode}-${id ?? 'new'}-${contentRevision}`}
              initialContent={form.content}
              readOnly={mode === 'view'}
              onChange={(content) => {
                // Only saving reads the description, from the ref: re-rendering the page (property panel,
                // menus) after every pause in typing would cost the keystroke that follows it. The state
                // catches up in `save`, before view mode remounts the editor with `form.content`.
                formRef.current = { ...formRef.current, content };
              }}
              onCheckToggle={mode === 'view' ? (content) => void saveChecklist(content) : undefined}
            />
            {mode === 'view' && <CommentsSection category={COMMENT_CATEGORY[kind]} targetId={id} />}
          </div>
        </Body>
      ) : (
        <p role="status">{text.loading}</p>
      )}
      <SaveButton mode={mode} saving={saving} disabled={!form.title.trim()} onClick={() => void save()} />
      <LeaveGuard />
    </Page>
  );
}
