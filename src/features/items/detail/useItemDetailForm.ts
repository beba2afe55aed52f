import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ItemKind } from '../../../../contract/itemEnums';
import { errorEnvelope } from '../../../api/errors';
import { useUpdateItemMutation, type ItemDetail, type ItemPatch } from '../../../api/itemDetailApi';
import { useCreateItemMutation, type CreatedItem } from '../../../api/itemsApi';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { leaveGuardArmed, leaveGuardReleased } from '../../leaveGuard';
import { toastShown } from '../../toast';
import {
  detailFormReducer,
  initialDetailForm,
  type DetailFormAction,
  type DetailFormState,
  type DetailMode,
} from './detailFormReducer';
import { createRequest, editPatch, externalCreateBlock, type DetailForm } from './detailModel';

export interface ItemDetailFormArgs {
  kind: ItemKind;
  mode: DetailMode;
  teamId: number;
  /** The item id (view, edit); null in create mode. */
  id: number | null;
  /** `getItemDetail`'s data (undefined in create mode and while loading). */
  detail: ItemDetail | undefined;
  /** The kind's list in the team (`teamListPath`); an item's view is `${listPath}/${id}`. */
  listPath: string;
}

export interface ItemDetailForm {
  state: DetailFormState;
  /** The form on screen. */
  form: DetailForm;
  /** The route's item is in the form (always in create mode). */
  ready: boolean;
  /** A create or edit save is in flight. */
  saving: boolean;
  /** Edit mode, and someone else saved the item meanwhile (the page shows `copy.live.changedWhileEditing`). */
  changedWhileEditing: boolean;
  /** Key part of the description editor: bumped when a newer description replaces the form's in view mode. */
  contentRevision: number;
  setTitle: (title: string) => void;
  /** View mode: saves the typed title (trimmed) when it differs from the saved one. */
  commitTitle: () => void;
  /** Typing in the description: kept for the save without re-rendering the page (that would cost keystrokes). */
  setContent: (content: string) => void;
  /** A property picked: view mode saves `patch` at once (when given); create and edit keep it for the save. */
  changeProperty: (fields: Partial<DetailForm>, patch: ItemPatch | null) => void;
  /** View mode: a checklist item was ticked; the description is saved at once. */
  saveChecklist: (content: string) => Promise<void>;
  /** The save button: view → edit; create → POST → view; edit → PATCH → view. */
  save: () => Promise<void>;
}

/**
 * The detail page's form (docs/product.md "Item detail" and "Live updates"): the state of
 * `detailFormReducer` (its phases are drawn there) plus the requests it makes — view mode's one-property PATCHes and
 * checklist saves, create's POST (`createItem`) and edit's PATCH — the leave guard of create and edit, and the
 * toasts of a failed GitHub rule or an external's tool sync. Failed saves are logged ('생성 실패' / '수정 실패').
 */
export function useItemDetailForm({
  kind,
  mode,
  teamId,
  id,
  detail,
  listPath,
}: ItemDetailFormArgs): ItemDetailForm {
  const text = copy.itemDetail;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [updateItem] = useUpdateItemMutation();
  const [createItem] = useCreateItemMutation();

  const [state, setState] = useState(() => initialDetailForm(mode, id, detail));
  /**
   * The latest state: handlers read it before React re-renders (several changes in one tick, saves that run
   * across renders). Every action goes through `send`, which runs the reducer on it.
   */
  const latest = useRef(state);
  const send = useCallback((action: DetailFormAction, render = true) => {
    latest.current = detailFormReducer(latest.current, action);
    if (render) setState(latest.current);
  }, []);

  useEffect(() => {
    send({ type: 'synced', detail: detail ?? null, id, mode });
  }, [detail, id, mode, send]);

  useEffect(() => {
    if (mode === 'view') return undefined;
    dispatch(leaveGuardArmed({ reason: mode }));
    return () => {
      dispatch(leaveGuardReleased());
    };
  }, [mode, dispatch]);

  const viewPath = (itemId: number) => `${listPath}/${itemId}`;

  /** A view-mode save of some fields: true when it was saved; a failure is only logged. */
  const patchNow = async (patch: ItemPatch): Promise<boolean> => {
    if (id === null) return false;
    send({ type: 'propertySaveStarted' });
    try {
      await updateItem({ kind, teamId, id, patch }).unwrap();
      return true;
    } catch (cause) {
      console.error(text.updateFailed, cause);
      return false;
    } finally {
      send({ type: 'propertySaveSettled' });
    }
  };

  const changeProperty = (fields: Partial<DetailForm>, patch: ItemPatch | null) => {
    if (mode === 'view' && patch) {
      send({ type: 'propertyChanged', fields });
      void patchNow(patch);
    } else {
      send({ type: 'typed', fields });
    }
  };

  /** Checklist ticks of view mode waiting to be saved: the latest document, sent after the one in flight. */
  const checklistSaves = useRef<{ running: boolean; next: string | null }>({ running: false, next: null });

  /*
   * A ticked checklist item is a view-mode property change: a `PATCH` of `content` alone, with the same cache
   * invalidation and live-update rule as the other properties (newer data waits while a save of this tab is in
   * flight). Quick ticks are sent one after another, the latest document last, so a slower earlier request never
   * lands after a later one. When the last save fails it is logged ('수정 실패') and the box goes back to what the
   * server holds.
   */
  const saveChecklist = async (content: string) => {
    if (mode !== 'view') return;
    send({ type: 'propertyChanged', fields: { content } });
    const queue = checklistSaves.current;
    queue.next = content;
    if (queue.running) return;
    queue.running = true;
    send({ type: 'propertySaveStarted' });
    let saved = true;
    try {
      while (queue.next !== null) {
        const next = queue.next;
        queue.next = null;
        saved = await patchNow({ content: next });
      }
    } finally {
      queue.running = false;
      send({ type: 'propertySaveSettled' });
    }
    if (!saved) send({ type: 'checklistSaveFailed', content });
  };

  const commitTitle = () => {
    if (mode !== 'view') return;
    const { form, loaded } = latest.current;
    const title = form.title.trim();
    if (!title || title === loaded.title) return;
    send({ type: 'titleCommitted', title });
    void patchNow({ title });
  };

  /** What happened on the linked tool: the external is saved either way (contract `sync`). */
  const toastSync = (sync: CreatedItem['sync']) => {
    if (!sync) return;
    const message = sync.ok ? text.syncDone[sync.service] : sync.message || text.syncFailed[sync.service];
    dispatch(toastShown({ key: 'ext-sync', message }));
  };

  const save = async () => {
    const { form: current, loaded, phase } = latest.current;
    if (phase.name === 'saving' || !current.title.trim()) return;
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
    if (mode === 'edit' && id === null) return;
    send({ type: 'saveStarted' });
    try {
      let targetId: number;
      if (mode === 'create') {
        const created = await createItem(createRequest(kind, teamId, current)).unwrap();
        targetId = created.id;
        toastSync(created.sync);
      } else {
        targetId = id!;
        await updateItem({ kind, teamId, id: targetId, patch: editPatch(kind, current, loaded) }).unwrap();
      }
      // Saved: release the guard before navigating (the blocker reads the store at navigation time).
      dispatch(leaveGuardReleased());
      send({ type: 'saveSucceeded' });
      navigate(viewPath(targetId), { replace: mode === 'create' });
    } catch (cause) {
      console.error(mode === 'create' ? text.createFailed : text.updateFailed, cause);
      // Failed saves stay silent, except the GitHub rule the server enforces too.
      if (errorEnvelope(cause as Parameters<typeof errorEnvelope>[0])?.code === 'GITHUB400_0') {
        dispatch(toastShown({ key: 'ext-tool', message: text.githubMissing }));
      }
      send({ type: 'saveFailed' });
    }
  };

  return {
    state,
    form: state.form,
    ready: mode === 'create' || state.loadedId === id,
    saving: state.phase.name === 'saving',
    changedWhileEditing: mode === 'edit' && state.phase.name === 'changedWhileEditing',
    contentRevision: state.contentRevision,
    setTitle: (title) => send({ type: 'typed', fields: { title } }),
    commitTitle,
    setContent: (content) => send({ type: 'typed', fields: { content } }, false),
    changeProperty,
    saveChecklist,
    save,
  };
}
