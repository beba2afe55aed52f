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
import { useTeam } from '../../../shared/lib/useTeam';
import { copy, type ItemScope } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { tokens } from '../../../shared/ui/tokens';
import { LeaveGuard, leaveGuardArmed, leaveGuardReleased } from '../../leaveGuard';
import { toastShown } from '../../toast';
import { CommentsSection } from './CommentsSection';
import { DescriptionSlot } from './DescriptionSlot';
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
import { SaveButton } from './SaveButton';
import { TitleField } from './TitleField';

export type DetailMode = 'create' | 'view' | 'edit';

export interface ItemDetailPageProps {
  kind: ItemKind;
  mode: DetailMode;
  scope: ItemScope;
  teamId: number;
  /** The item id (view, edit); null in create mode. */
  id: number | null;
}

const Page = styled('main')({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100%',
  padding: '3.2rem',
  boxSizing: 'border-box',
  color: tokens.grey[600],
});

const Header = styled('header')({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minWidth: 0,
  '& .team': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    fontSize: '2.4rem',
    fontWeight: 700,
    color: 'inherit',
    textDecoration: 'none',
  },
  '& .name': { fontSize: '1.6rem', fontWeight: 700, whiteSpace: 'nowrap' },
  '& .title': {
    fontSize: '1.6rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .title.empty': { color: tokens.grey[400] },
});

const Crumbs = styled('nav')({
  marginTop: '0.8rem',
  fontSize: '1.4rem',
  color: tokens.grey[500],
  '& ol': { display: 'flex', gap: '0.6rem', listStyle: 'none', margin: 0, padding: 0 },
  '& li + li::before': { content: '"/"', marginRight: '0.6rem' },
  '& a': { color: 'inherit' },
});

const Body = styled('div')({
  display: 'flex',
  gap: '8.8rem',
  marginTop: '5.7rem',
  padding: '0 3.2rem',
  flexWrap: 'wrap',
});

/** Edit mode: the item was saved by someone else meanwhile (the typed text stays). */
const ChangedNotice = styled('div')({
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
});

const Left = styled('div')({ flex: 1, minWidth: '40rem', display: 'flex', flexDirection: 'column' });

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

  const [form, setForm] = useState<DetailForm>(EMPTY_FORM);
  /** The latest form, for handlers that run before a re-render (several changes in one tick). */
  const formRef = useRef(form);
  /** The form as loaded: the base of edit's deadline diff and of view's title save. */
  const loaded = useRef<DetailForm>(EMPTY_FORM);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  /*
   * Live updates: the detail refetches when the item changes (features/live/applyLiveEvent.ts). View
   * mode shows the new data (keeping a title being typed, and waiting for this page's own property saves); edit
   * mode never touches the form and shows `changedWhileEditing` instead.
   */
  /** The detail the form was last filled from. */
  const filledFrom = useRef<ItemDetail | null>(null);
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

  const patchNow = async (patch: ItemPatch) => {
    if (id === null) return;
    pendingPatches.current += 1;
    try {
      await updateItem({ kind: kind, teamId, id, patch }).unwrap();
    } catch (cause) {
      console.error(text.updateFailed, cause);
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
      <Header>
        <Link className="team" to={listPath}>
          <Avatar kind="team" src={team?.teamImageUrl ?? null} size="3.2rem" />
          {teamName}
        </Link>
        {itemName && <span className="name">{itemName}</span>}
        <span className={form.title.trim() ? 'title' : 'title empty'}>{shownTitle}</span>
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
          <Left>
            <TitleField
              value={form.title}
              placeholder={text.titlePlaceholder[kind]}
              onChange={(title) => {
                formRef.current = { ...formRef.current, title };
                setForm(formRef.current);
              }}
              onCommit={commitTitle}
            />
            {mode === 'edit' && changedWhileEditing && id !== null && (
              <ChangedNotice role="status">
                {copy.live.changedWhileEditing}
                <button type="button" onClick={() => navigate(viewPath(id))}>
                  {copy.live.showLatest}
                </button>
              </ChangedNotice>
            )}
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
            />
            {mode === 'view' && <CommentsSection category={COMMENT_CATEGORY[kind]} targetId={id} />}
          </Left>
          <PropertyPanel kind={kind} mode={mode} teamId={teamId} form={form} onChange={onPropertyChange} />
        </Body>
      ) : (
        <p role="status">{text.loading}</p>
      )}
      <SaveButton mode={mode} saving={saving} disabled={!form.title.trim()} onClick={() => void save()} />
      <LeaveGuard />
    </Page>
  );
}
