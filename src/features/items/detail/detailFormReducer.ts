import type { ItemDetail } from '../../../api/itemDetailApi';
import { EMPTY_FORM, formFromDetail, sameItemContent, type DetailForm } from './detailModel';

/*
 * The detail form's state machine (docs/product.md "Item detail" and "Live updates"): a pure reducer, run by
 * `useItemDetailForm` and tested by itself. No React, no store.
 *
 *   loading ──detail──▶ view ⇄ savingProperty          (view: each property change is saved at once)
 *                        │ '수정하기'
 *                        ▼
 *   create ─┐           edit ──teammate's save──▶ changedWhileEditing   (the draft stays; a notice shows)
 *           └─▶ saving ◀─┴─────────────────────────────┘
 *                 │ ok: saved ──▶ view (keeps the saved form)   failed: back where it came from, draft intact
 *
 * The mode (create / view / edit) comes from the URL: `synced` tells the reducer the route's mode and item and the
 * latest detail RTK Query holds (which refetches when a teammate changes the item, features/live/).
 */

/** The detail route's mode. */
export type DetailMode = 'create' | 'view' | 'edit';

/** Where a create or edit save goes back to when it fails. */
export type SaveOrigin = 'create' | 'edit' | 'changedWhileEditing';

export type DetailPhase =
  /** View or edit before the item is in the form: the page shows '불러오는 중입니다'. */
  | { name: 'loading' }
  | { name: 'create' }
  /** View mode, no property save of this tab in flight: newer data of the item replaces the form. */
  | { name: 'view' }
  /** View mode with property saves in flight: newer data waits (it would show the pre-save values). */
  | { name: 'savingProperty' }
  | { name: 'edit' }
  /** Edit mode, and someone else saved the item meanwhile: the draft stays, the page says so. */
  | { name: 'changedWhileEditing' }
  /** A create or edit save in flight (the save button says '저장 중…'). */
  | { name: 'saving'; from: SaveOrigin }
  /** Saved; the page is on its way to view mode, which keeps the saved form instead of discarding it. */
  | { name: 'saved' };

export interface DetailFormState {
  phase: DetailPhase;
  /** The route's mode and item id, as last synced. */
  mode: DetailMode;
  id: number | null;
  /** The form on screen (the description as typed, too: the page reads it from here when saving). */
  form: DetailForm;
  /** The form as loaded: the base of edit's deadline diff, of view's title save and of the teammate check. */
  loaded: DetailForm;
  /** The item id the form was filled for (null: not yet). */
  loadedId: number | null;
  /** The detail the form was last filled from. */
  filledFrom: ItemDetail | null;
  /** The latest detail RTK Query holds (it may be another item's while the route's item loads). */
  latest: ItemDetail | null;
  /** View-mode property saves in flight. */
  pendingSaves: number;
  /** Bumped when a newer description replaces the form's in view mode: the description editor remounts. */
  contentRevision: number;
}

export type DetailFormAction =
  /** The route's mode and item, and the latest detail (on mount and whenever one of them changes). */
  | { type: 'synced'; detail: ItemDetail | null; id: number | null; mode: DetailMode }
  /** Typed or picked without saving (title, description; any property in create and edit). */
  | { type: 'typed'; fields: Partial<DetailForm> }
  /** View mode: a property changed and is being saved at once (it becomes the loaded value too). */
  | { type: 'propertyChanged'; fields: Partial<DetailForm> }
  /** View mode: the typed title is being saved (the field keeps the text as typed). */
  | { type: 'titleCommitted'; title: string }
  | { type: 'propertySaveStarted' }
  | { type: 'propertySaveSettled' }
  /** View mode: the last save of a checklist tick failed; the box goes back to what the server holds. */
  | { type: 'checklistSaveFailed'; content: string }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded' }
  | { type: 'saveFailed' };

/**
 * The state a detail page starts in. A detail already in RTK Query's cache for `id` (a fresh tab: the early
 * script's answer, features/items/earlyResponse.ts) fills the form at once, so the first render shows the item
 * (docs/performance.md "Opening an item directly").
 */
export function initialDetailForm(
  mode: DetailMode,
  id: number | null,
  detail: ItemDetail | null | undefined,
): DetailFormState {
  const mountedWith = mode !== 'create' && detail && detail.id === id ? detail : null;
  const form = mountedWith ? formFromDetail(mountedWith) : EMPTY_FORM;
  const state: DetailFormState = {
    phase: { name: 'loading' },
    mode,
    id,
    form,
    loaded: form,
    loadedId: mountedWith ? id : null,
    filledFrom: mountedWith,
    latest: detail ?? null,
    pendingSaves: 0,
    contentRevision: 0,
  };
  return { ...state, phase: restingPhase(state) };
}

/** The phase of the mode and item with nothing in flight. */
function restingPhase(state: DetailFormState): DetailPhase {
  if (state.mode === 'create') return { name: 'create' };
  if (state.loadedId !== state.id) return { name: 'loading' };
  if (state.mode === 'view') return { name: state.pendingSaves > 0 ? 'savingProperty' : 'view' };
  return { name: 'edit' };
}

/** Whether the latest detail holds another content than the form was loaded with (someone else saved the item). */
function changedElsewhere(state: DetailFormState): boolean {
  const { latest } = state;
  return (
    latest !== null &&
    latest.id === state.id &&
    state.loadedId === state.id &&
    latest !== state.filledFrom &&
    !sameItemContent(formFromDetail(latest), state.loaded)
  );
}

/** The route or the latest detail changed (docs/product.md "Live updates": an item being edited is never overwritten). */
function synced(
  state: DetailFormState,
  { detail, id, mode }: Extract<DetailFormAction, { type: 'synced' }>,
): DetailFormState {
  const cameFromEdit = state.mode === 'edit' && mode === 'view';
  const justSaved = state.phase.name === 'saved';
  let next: DetailFormState = { ...state, mode, id, latest: detail };
  // A save in flight stays one across a route change (its answer settles it); anything else follows the route.
  if ((mode !== state.mode || id !== state.id) && next.phase.name !== 'saving') {
    next = { ...next, phase: restingPhase(next) };
  }
  if (!detail || detail.id !== id) return next;

  // The route's item arrived: it fills the form.
  if (next.loadedId !== id) {
    const form = formFromDetail(detail);
    next = { ...next, filledFrom: detail, loaded: form, form, loadedId: id };
    return next.phase.name === 'saving' ? next : { ...next, phase: restingPhase(next) };
  }

  // Edit never touches the draft: a teammate's save raises the notice instead.
  if (mode === 'edit') {
    return next.phase.name === 'edit' && changedElsewhere(next)
      ? { ...next, phase: { name: 'changedWhileEditing' } }
      : next;
  }
  if (mode !== 'view') return next;

  // Left edit without saving ('최신 내용 보기', back): the draft is discarded.
  const discard = cameFromEdit && !justSaved;
  if (!discard && (detail === next.filledFrom || next.pendingSaves > 0)) return next;
  const fresh = formFromDetail(detail);
  // A title being typed (not yet committed) stays.
  const typedTitle = !discard && next.form.title !== next.loaded.title ? next.form.title : null;
  return {
    ...next,
    filledFrom: detail,
    loaded: fresh,
    form: typedTitle === null ? fresh : { ...fresh, title: typedTitle },
    contentRevision: fresh.content !== next.form.content ? next.contentRevision + 1 : next.contentRevision,
  };
}

/**
 * The detail form's reducer (pure): the next state after `action`. The phases and their transitions are drawn at
 * the top of this file; `useItemDetailForm` runs it and sends the requests.
 */
export function detailFormReducer(state: DetailFormState, action: DetailFormAction): DetailFormState {
  switch (action.type) {
    case 'synced':
      return synced(state, action);
    case 'typed':
      return { ...state, form: { ...state.form, ...action.fields } };
    case 'propertyChanged':
      return {
        ...state,
        form: { ...state.form, ...action.fields },
        loaded: { ...state.loaded, ...action.fields },
      };
    case 'titleCommitted':
      return { ...state, loaded: { ...state.loaded, title: action.title } };
    case 'propertySaveStarted':
      return {
        ...state,
        pendingSaves: state.pendingSaves + 1,
        phase: state.phase.name === 'view' ? { name: 'savingProperty' } : state.phase,
      };
    case 'propertySaveSettled': {
      // Data that arrived meanwhile is not applied here: the save's own refetch brings the newest.
      const pendingSaves = Math.max(0, state.pendingSaves - 1);
      const phase: DetailPhase =
        state.phase.name === 'savingProperty' && pendingSaves === 0 ? { name: 'view' } : state.phase;
      return { ...state, pendingSaves, phase };
    }
    case 'checklistSaveFailed': {
      const server = state.latest;
      if (!server || state.form.content !== action.content) return state;
      return {
        ...state,
        loaded: { ...state.loaded, content: server.content },
        form: { ...state.form, content: server.content },
        contentRevision: state.contentRevision + 1,
      };
    }
    case 'saveStarted': {
      if (state.phase.name === 'saving') return state;
      const from: SaveOrigin =
        state.mode === 'create'
          ? 'create'
          : state.phase.name === 'changedWhileEditing'
            ? 'changedWhileEditing'
            : 'edit';
      return { ...state, phase: { name: 'saving', from } };
    }
    case 'saveSucceeded':
      // View mode keeps the saved form; only data newer than what is cached now replaces it.
      return { ...state, phase: { name: 'saved' }, filledFrom: state.latest };
    case 'saveFailed': {
      if (state.phase.name !== 'saving') return state;
      if (state.mode !== 'edit') return { ...state, phase: restingPhase(state) };
      // Back to editing with the draft; a teammate's save that arrived meanwhile raises the notice now.
      const changed = state.phase.from === 'changedWhileEditing' || changedElsewhere(state);
      return { ...state, phase: { name: changed ? 'changedWhileEditing' : 'edit' } };
    }
  }
}
