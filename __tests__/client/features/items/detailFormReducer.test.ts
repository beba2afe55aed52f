import {
  detailFormReducer,
  initialDetailForm,
  type DetailFormAction,
  type DetailFormState,
  type DetailMode,
} from '../../../../src/features/items/detail/detailFormReducer';
import { detail } from './itemDetailSupport';

/*
 * The detail form's reducer by itself (src/features/items/detail/detailFormReducer.ts): what a user of the detail
 * page sees happen to the form when they save, type, tick, and when a teammate saves the same item.
 */

const run = (state: DetailFormState, ...actions: DetailFormAction[]) =>
  actions.reduce(detailFormReducer, state);
const synced = (mode: DetailMode, item = detail(5), id: number | null = 5): DetailFormAction => ({
  type: 'synced',
  detail: item,
  id,
  mode,
});

/** A page opened in `mode` whose detail has arrived. */
function opened(mode: DetailMode, item = detail(5)): DetailFormState {
  return run(initialDetailForm(mode, 5, undefined), synced(mode, item));
}

describe('the detail form: loading and view', () => {
  it('loads: nothing to show until the route’s item arrives, then the form holds it', () => {
    const start = initialDetailForm('view', 5, undefined);
    expect(start.phase).toEqual({ name: 'loading' });
    // Another item still in the cache (the previous page's) fills nothing.
    expect(run(start, synced('view', detail(4))).phase).toEqual({ name: 'loading' });
    const loaded = run(start, synced('view'));
    expect(loaded.phase).toEqual({ name: 'view' });
    expect(loaded.form.title).toBe('이슈 5');
  });

  it('an item already in the cache fills the form in the first render', () => {
    const state = initialDetailForm('view', 5, detail(5, { title: '캐시' }));
    expect(state.phase).toEqual({ name: 'view' });
    expect(state.form.title).toBe('캐시');
  });

  it('a property saved while viewing: newer data waits for the save, then the next data shows', () => {
    let state = run(
      opened('view'),
      { type: 'propertyChanged', fields: { state: 'FINISH' } },
      { type: 'propertySaveStarted' },
    );
    expect(state.phase).toEqual({ name: 'savingProperty' });
    expect(state.form.state).toBe('FINISH');
    // A refetch answered during the save still says IN_PROGRESS: the picked value stays on screen.
    state = run(state, synced('view', detail(5, { state: 'IN_PROGRESS', title: '다른 제목' })));
    expect(state.form.state).toBe('FINISH');
    expect(state.form.title).toBe('이슈 5');
    state = run(state, { type: 'propertySaveSettled' });
    expect(state.phase).toEqual({ name: 'view' });
    state = run(state, synced('view', detail(5, { state: 'FINISH', title: '다른 제목' })));
    expect(state.form).toMatchObject({ state: 'FINISH', title: '다른 제목' });
  });

  it("a teammate's change shows at once while viewing, keeping a title being typed", () => {
    const state = run(
      opened('view'),
      { type: 'typed', fields: { title: '입력 중' } },
      synced('view', detail(5, { title: '팀원 제목', priority: 'LOW' })),
    );
    expect(state.form).toMatchObject({ title: '입력 중', priority: 'LOW' });
    expect(state.loaded.title).toBe('팀원 제목');
  });

  it('a newer description remounts the editor; the same description does not', () => {
    const base = opened('view');
    expect(run(base, synced('view', detail(5, { title: '새 제목' }))).contentRevision).toBe(
      base.contentRevision,
    );
    expect(run(base, synced('view', detail(5, { content: '{"root":1}' }))).contentRevision).toBe(
      base.contentRevision + 1,
    );
  });

  it('a failed checklist save puts the box back to what the server holds', () => {
    const state = run(
      opened('view', detail(5, { content: 'server' })),
      { type: 'propertyChanged', fields: { content: 'ticked' } },
      { type: 'checklistSaveFailed', content: 'ticked' },
    );
    expect(state.form.content).toBe('server');
    expect(state.contentRevision).toBe(1);
    // A later tick already replaced the failed one: that one stays.
    const later = run(
      opened('view', detail(5, { content: 'server' })),
      { type: 'propertyChanged', fields: { content: 'ticked twice' } },
      { type: 'checklistSaveFailed', content: 'ticked' },
    );
    expect(later.form.content).toBe('ticked twice');
  });
});

describe('the detail form: edit', () => {
  it("a teammate's change while editing keeps the draft and raises the notice", () => {
    const state = run(
      opened('edit'),
      { type: 'typed', fields: { title: '내 초안' } },
      synced('edit', detail(5, { title: '팀원 제목' })),
    );
    expect(state.phase).toEqual({ name: 'changedWhileEditing' });
    expect(state.form.title).toBe('내 초안');
  });

  it('a refetch with the same content (no one changed anything) raises nothing', () => {
    const state = run(opened('edit'), synced('edit', detail(5)));
    expect(state.phase).toEqual({ name: 'edit' });
  });

  it('a failed save returns to edit with the draft intact', () => {
    const state = run(
      opened('edit'),
      { type: 'typed', fields: { title: '내 초안', priority: 'LOW' } },
      { type: 'saveStarted' },
    );
    expect(state.phase).toEqual({ name: 'saving', from: 'edit' });
    const failed = run(state, { type: 'saveFailed' });
    expect(failed.phase).toEqual({ name: 'edit' });
    expect(failed.form).toMatchObject({ title: '내 초안', priority: 'LOW' });
  });

  it("a teammate's change during the save: no notice while saving, the notice once the save fails", () => {
    const saving = run(opened('edit'), { type: 'saveStarted' }, synced('edit', detail(5, { title: '팀원' })));
    expect(saving.phase).toEqual({ name: 'saving', from: 'edit' });
    expect(run(saving, { type: 'saveFailed' }).phase).toEqual({ name: 'changedWhileEditing' });
  });

  it('a failed save from the notice keeps the notice', () => {
    const state = run(
      opened('edit'),
      synced('edit', detail(5, { title: '팀원' })),
      { type: 'saveStarted' },
      { type: 'saveFailed' },
    );
    expect(state.phase).toEqual({ name: 'changedWhileEditing' });
  });

  it('a saved edit opens view with the saved form, not the older cached item', () => {
    const state = run(
      opened('edit'),
      { type: 'typed', fields: { title: '저장한 제목' } },
      { type: 'saveStarted' },
      { type: 'saveSucceeded' },
      synced('view'),
    );
    expect(state.phase).toEqual({ name: 'view' });
    expect(state.form.title).toBe('저장한 제목');
  });

  it("leaving edit without saving ('최신 내용 보기') discards the draft and shows the latest item", () => {
    const state = run(
      opened('edit'),
      { type: 'typed', fields: { title: '버릴 초안' } },
      synced('edit', detail(5, { title: '팀원 제목' })),
      synced('view', detail(5, { title: '팀원 제목' })),
    );
    expect(state.phase).toEqual({ name: 'view' });
    expect(state.form.title).toBe('팀원 제목');
  });
});

describe('the detail form: create', () => {
  it('starts empty; a failed create keeps what was typed', () => {
    const start = initialDetailForm('create', null, undefined);
    expect(start.phase).toEqual({ name: 'create' });
    const failed = run(
      start,
      { type: 'typed', fields: { title: '새 일' } },
      { type: 'saveStarted' },
      { type: 'saveFailed' },
    );
    expect(failed.phase).toEqual({ name: 'create' });
    expect(failed.form.title).toBe('새 일');
  });

  it('a created item opens in view once its detail arrives', () => {
    const created = run(
      initialDetailForm('create', null, undefined),
      { type: 'typed', fields: { title: '새 일' } },
      { type: 'saveStarted' },
      { type: 'saveSucceeded' },
    );
    const viewing = run(created, { type: 'synced', detail: null, id: 9, mode: 'view' });
    expect(viewing.phase).toEqual({ name: 'loading' });
    expect(run(viewing, synced('view', detail(9, { title: '새 일' }), 9)).phase).toEqual({ name: 'view' });
  });
});
