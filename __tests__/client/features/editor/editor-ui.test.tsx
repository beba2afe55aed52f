import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor, Node, Transforms, type Descendant } from 'slate';
import DescriptionEditor, {
  createDescriptionEditor,
  DescriptionEditorSurface,
} from '../../../../src/features/editor/DescriptionEditor';
import { EditorErrorBoundary } from '../../../../src/features/editor/EditorErrorBoundary';
import {
  applyListType,
  CHECKLIST_TOUCH_MARGIN_PX,
  handleEditorKeyDown,
  insertHorizontalRule,
  pressCodeButton,
  toggleMark,
  UNDO_MERGE_MS,
  withDescriptionBehaviours,
  type EditorKeyEvent,
} from '../../../../src/features/editor/editorCommands';
import { lexicalToSlate, slateToLexical } from '../../../../src/features/editor/lexical';
import {
  withDescriptionSchema,
  type CodeBlockElement,
  type DescriptionEditor as SlateEditor,
  type ListItemElement,
  type ParagraphElement,
  type SlateValue,
} from '../../../../src/features/editor/slateTypes';
import { createEditor } from 'slate';
import { withHistory } from 'slate-history';
import { IS_COMPOSING } from 'slate-dom';
import { withReact } from 'slate-react';

/**
 * The description editor UI and its rules (docs/product.md "Description"). Rendering is checked
 * in jsdom; the model is driven through the Slate API inside the async `act` (typing does not reach
 * Slate in jsdom), and the key handler is called directly with synthetic events. Real typing, Hangul IME and
 * undo in Chromium are checked outside Jest (see the issue report).
 */

const LABELS = [
  '굵게',
  '기울임',
  '밑줄',
  '구분선',
  '글머리 기호 목록',
  '번호 매기기 목록',
  '체크리스트',
  '코드',
];

const p = (text: string, marks: Record<string, true> = {}): ParagraphElement => ({
  type: 'paragraph',
  children: [{ text, ...marks }],
});
const item = (text: string, checked?: boolean): ListItemElement =>
  checked === undefined
    ? { type: 'list-item', children: [{ text }] }
    : { type: 'list-item', checked, children: [{ text }] };
const code = (...lines: string[]): CodeBlockElement => ({
  type: 'code-block',
  language: 'javascript',
  children: lines.map((text) => ({ type: 'code-line', children: [{ text }] })),
});

/** A headless editor with the same plugins as the component, holding `value`. */
function editorWith(value: Descendant[], now?: () => number): SlateEditor {
  const editor = withDescriptionBehaviours(withDescriptionSchema(withHistory(withReact(createEditor()))), {
    now,
  });
  editor.children = value;
  return editor;
}

function key(init: Partial<EditorKeyEvent> & { key: string }): EditorKeyEvent & { prevented: boolean } {
  const event = {
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    nativeEvent: { isComposing: false, keyCode: 0 },
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...init,
  };
  return event;
}

const texts = (editor: Editor) => editor.children.map((node) => Node.string(node));

function renderEditor(initial: Descendant[] | string = '', readOnly = false) {
  const editor = createDescriptionEditor();
  const onChange = jest.fn<void, [string]>();
  const initialContent = typeof initial === 'string' ? initial : slateToLexical(initial);
  const view = render(
    <DescriptionEditorSurface
      editor={editor}
      initialContent={initialContent}
      readOnly={readOnly}
      onChange={onChange}
    />,
  );
  return { editor, onChange, ...view };
}

describe('rendering', () => {
  it('shows the toolbar with Korean names and the placeholder in editable mode', async () => {
    render(<DescriptionEditor initialContent="" readOnly={false} onChange={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: '서식 도구' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(LABELS);
    expect(buttons.every((button) => button.tagName === 'BUTTON')).toBe(true);
    expect(screen.getByRole('button', { name: '굵게' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '구분선' })).not.toHaveAttribute('aria-pressed');
    const textbox = screen.getByRole('textbox', { name: '상세 설명' });
    expect(textbox).toHaveAttribute('contenteditable', 'true');
    expect(textbox).toHaveAttribute('aria-placeholder', '상세 설명 추가');
    // Slate shows the placeholder leaf after a short timeout.
    expect(await screen.findByText('상세 설명 추가')).toBeInTheDocument();
  });

  it('shows no toolbar or placeholder and is not editable in read-only mode', async () => {
    const { container } = render(<DescriptionEditor initialContent="" readOnly onChange={() => undefined} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByText('상세 설명 추가')).toBeNull();
    const content = container.querySelector('[data-slate-editor]');
    expect(content).toHaveAttribute('contenteditable', 'false');
    expect(content).toHaveAttribute('aria-label', '상세 설명');
    expect(content).not.toHaveAttribute('aria-placeholder');
  });

  it('renders every block and mark of a stored description', () => {
    const { container } = renderEditor([
      {
        type: 'paragraph',
        children: [
          { text: 'b', bold: true },
          { text: 'i', italic: true },
          { text: 'c', code: true },
        ],
      },
      { type: 'paragraph', indent: 1, children: [{ text: 'indented' }] },
      { type: 'bulleted-list', children: [item('bullet')] },
      { type: 'numbered-list', start: 3, children: [item('three')] },
      { type: 'check-list', children: [item('done', true), item('todo', false)] },
      code('// note', 'console.log(a);'),
      { type: 'horizontal-rule', children: [{ text: '' }] },
      p(''),
    ]);
    expect(container.querySelector('strong')).toHaveTextContent('b');
    expect(container.querySelector('em')).toHaveTextContent('i');
    expect(container.querySelector('code.me-inline-code')).toHaveTextContent('c');
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
    ]);
    expect(container.querySelector('.me-checked')).toHaveTextContent('done');
    expect(container.querySelector('.me-code-block')).toHaveTextContent('// noteconsole.log(a);');
    expect(container.querySelector('.me-token-comment')).toHaveTextContent('// note');
    expect(container.querySelector('.me-token-function')).toHaveTextContent('log');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('logs an unreadable description and starts empty', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { editor } = renderEditor('{not json');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('DetailTextEditor'), expect.any(Error));
    expect(editor.children).toEqual([p('')]);
    error.mockRestore();
  });

  it('shows the error text in red when the editor throws', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    render(
      <EditorErrorBoundary>
        <Boom />
      </EditorErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('오류가 발생했습니다.');
    expect(alert).toHaveStyle({ color: '#c43d3d' });
    error.mockRestore();
  });
});

describe('toolbar through the rendered editor', () => {
  it('toggles bold on the selection and reflects it in aria-pressed', async () => {
    const { editor, container } = renderEditor([p('hello')]);
    await act(async () => {
      Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 5 } });
    });
    await userEvent.click(screen.getByRole('button', { name: '굵게' }));
    expect(editor.children).toEqual([p('hello', { bold: true })]);
    expect(screen.getByRole('button', { name: '굵게' })).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('strong')).toHaveTextContent('hello');
    await userEvent.click(screen.getByRole('button', { name: '굵게' }));
    expect(editor.children).toEqual([p('hello')]);
  });

  it('list buttons convert, mark the active type and never re-apply it', async () => {
    const { editor } = renderEditor([p('one'), p('two')]);
    await act(async () => {
      Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [1, 0], offset: 1 } });
    });
    const bullets = screen.getByRole('button', { name: '글머리 기호 목록' });
    await userEvent.click(bullets);
    const asBullets = [{ type: 'bulleted-list', children: [item('one'), item('two')] }];
    expect(editor.children).toEqual(asBullets);
    expect(bullets).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(bullets);
    expect(editor.children).toEqual(asBullets);

    await userEvent.click(screen.getByRole('button', { name: '체크리스트' }));
    expect(editor.children).toEqual([
      { type: 'check-list', children: [item('one', false), item('two', false)] },
    ]);
    expect(screen.getByRole('button', { name: '체크리스트' })).toHaveAttribute('aria-pressed', 'true');
    expect(bullets).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: '번호 매기기 목록' }));
    expect(editor.children).toEqual([
      { type: 'numbered-list', start: 1, children: [item('one'), item('two')] },
    ]);
  });

  it('toggles a check item by clicking its box, not in read-only mode', async () => {
    const value = [{ type: 'check-list', children: [item('task', false)] }] as Descendant[];
    const { editor, unmount } = renderEditor(value);
    const box = screen.getByRole('checkbox', { name: '완료 표시' });
    expect(box).toHaveStyle({
      width: `${CHECKLIST_TOUCH_MARGIN_PX}px`,
      height: `${CHECKLIST_TOUCH_MARGIN_PX}px`,
    });
    await userEvent.click(box);
    expect(editor.children).toEqual([{ type: 'check-list', children: [item('task', true)] }]);
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
    unmount();

    const readOnly = renderEditor(value, true);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(readOnly.editor.children).toEqual(value);
  });

  it('ticks a check item in read-only mode only when the page allows it, reporting the document at once', async () => {
    const value = [
      { type: 'check-list', children: [item('task', false), item('next', false)] },
    ] as Descendant[];
    const editor = createDescriptionEditor();
    const onCheckToggle = jest.fn<void, [string]>();
    render(
      <DescriptionEditorSurface
        editor={editor}
        initialContent={slateToLexical(value)}
        readOnly
        onChange={() => undefined}
        onCheckToggle={onCheckToggle}
      />,
    );
    const [first, second] = screen.getAllByRole('checkbox', { name: '완료 표시' });
    expect(first).not.toHaveAttribute('aria-disabled');
    expect(first).toHaveAttribute('tabindex', '0');
    await userEvent.click(first!);
    expect(onCheckToggle).toHaveBeenCalledTimes(1);
    expect(lexicalToSlate(onCheckToggle.mock.calls[0]![0])).toEqual([
      { type: 'check-list', children: [item('task', true), item('next', false)] },
    ]);
    expect(first).toHaveAttribute('aria-checked', 'true');
    // Space on the focused box; other keys do nothing.
    fireEvent.keyDown(second!, { key: 'a' });
    expect(onCheckToggle).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(second!, { key: ' ' });
    expect(onCheckToggle).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-checked'))).toEqual([
        'true',
        'true',
      ]),
    );
    // Still read-only: no toolbar, not editable.
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(document.querySelector('[data-slate-editor]')).toHaveAttribute('contenteditable', 'false');
  });
});

describe('onChange', () => {
  it('emits Lexical JSON of document changes (on blur), not of selection moves', async () => {
    const { editor, onChange } = renderEditor([p('a')]);
    await act(async () => {
      Transforms.select(editor, { path: [0, 0], offset: 1 });
    });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => {
      editor.insertText('b');
      handleEditorKeyDown(editor, key({ key: 'Enter' }));
      editor.insertText('한글');
    });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const json = onChange.mock.calls[0]![0];
    expect(lexicalToSlate(json, { onError: () => fail('unreadable') })).toEqual([p('ab'), p('한글')]);
    expect(JSON.parse(json).root.children).toHaveLength(2);

    await act(async () => {
      Transforms.select(editor, { path: [0, 0], offset: 0 });
    });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('flushes a pending change on unmount', async () => {
    const { editor, onChange, unmount } = renderEditor([p('')]);
    await act(async () => {
      Transforms.select(editor, { path: [0, 0], offset: 0 });
      editor.insertText('x');
    });
    unmount();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(lexicalToSlate(onChange.mock.calls[0]![0])).toEqual([p('x')]);
  });
});

describe('Enter and IME composition', () => {
  it('inserts exactly one new paragraph after a paragraph', () => {
    const editor = editorWith([p('A')]);
    Transforms.select(editor, Editor.end(editor, []));
    const event = key({ key: 'Enter' });
    expect(handleEditorKeyDown(editor, event)).toBe(true);
    expect(event.prevented).toBe(true);
    editor.insertText('B');
    expect(editor.children).toEqual([p('A'), p('B')]);
    expect(JSON.parse(slateToLexical(editor.children)).root.children).toHaveLength(2);
  });

  it('does nothing on Enter (or shortcuts) while a composition is open', () => {
    const editor = editorWith([p('한')]);
    Transforms.select(editor, Editor.end(editor, []));
    for (const event of [
      key({ key: 'Enter', nativeEvent: { isComposing: true } }),
      key({ key: 'Process', keyCode: 229 }),
      key({ key: 'Enter', nativeEvent: { keyCode: 229 } }),
      key({ key: 'b', ctrlKey: true, nativeEvent: { isComposing: true } }),
      key({ key: 'Tab', nativeEvent: { isComposing: true } }),
    ]) {
      expect(handleEditorKeyDown(editor, event)).toBe(false);
      expect(event.prevented).toBe(false);
    }
    expect(editor.children).toEqual([p('한')]);
  });

  it('never splits a block while slate-react tracks an open composition', () => {
    // Chromium can still send insertParagraph for an Enter pressed mid-syllable (seen with CDP IME input).
    const editor = editorWith([p('한')]);
    Transforms.select(editor, Editor.end(editor, []));
    IS_COMPOSING.set(editor, true);
    editor.insertBreak();
    expect(editor.children).toEqual([p('한')]);
    IS_COMPOSING.set(editor, false);
    editor.insertBreak();
    expect(editor.children).toEqual([p('한'), p('')]);
  });

  it('Shift+Enter inserts a soft break', () => {
    const editor = editorWith([p('ab')]);
    Transforms.select(editor, { path: [0, 0], offset: 1 });
    handleEditorKeyDown(editor, key({ key: 'Enter', shiftKey: true }));
    expect(editor.children).toEqual([p('a\nb')]);
  });

  it('splits a list item; a new check item starts unchecked; an empty item leaves the list', () => {
    const editor = editorWith([{ type: 'check-list', children: [item('one', true)] }]);
    Transforms.select(editor, Editor.end(editor, []));
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([{ type: 'check-list', children: [item('one', true), item('', false)] }]);
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([{ type: 'check-list', children: [item('one', true)] }, p('')]);
  });

  it('an empty nested item moves one level out', () => {
    const editor = editorWith([
      {
        type: 'bulleted-list',
        children: [
          item('top'),
          { type: 'list-item', children: [{ type: 'bulleted-list', children: [item('')] }] },
        ],
      },
    ]);
    Transforms.select(editor, Editor.end(editor, []));
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([{ type: 'bulleted-list', children: [item('top'), item('')] }]);
  });

  it('Backspace at the start of a list item leaves the list; in an empty code block it gives a paragraph', () => {
    const editor = editorWith([
      { type: 'check-list', children: [item('one', false), item('two', true)] },
      code(''),
    ]);
    Transforms.select(editor, { path: [0, 1, 0], offset: 0 });
    editor.deleteBackward('character');
    expect(editor.children).toEqual([
      { type: 'check-list', children: [item('one', false)] },
      p('two'),
      code(''),
    ]);
    Transforms.select(editor, { path: [2, 0, 0], offset: 0 });
    editor.deleteBackward('character');
    expect(editor.children[2]).toEqual(p(''));
  });

  it('Enter and Shift+Enter in code start a new code line', () => {
    const editor = editorWith([code('ab')]);
    Transforms.select(editor, { path: [0, 0, 0], offset: 1 });
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([code('a', 'b')]);
    handleEditorKeyDown(editor, key({ key: 'Enter', shiftKey: true }));
    expect(editor.children).toEqual([code('a', '', 'b')]);
    // The caret stayed at the start of `b`; a pasted `\n` splits lines too.
    editor.insertText('x\ny');
    expect(editor.children).toEqual([code('a', '', 'x', 'yb')]);
  });

  it('Enter on a selected horizontal rule opens a paragraph below it', () => {
    const editor = editorWith([{ type: 'horizontal-rule', children: [{ text: '' }] }]);
    Transforms.select(editor, { path: [0, 0], offset: 0 });
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([{ type: 'horizontal-rule', children: [{ text: '' }] }, p('')]);
    expect(editor.selection?.anchor.path).toEqual([1, 0]);
  });
});

describe('Tab in code', () => {
  it('indents and outdents every touched line by one tab; elsewhere Tab is left to the browser', () => {
    const editor = editorWith([code('a', '\tb', 'c'), p('x')]);
    Transforms.select(editor, {
      anchor: { path: [0, 0, 0], offset: 1 },
      focus: { path: [0, 1, 0], offset: 1 },
    });
    expect(handleEditorKeyDown(editor, key({ key: 'Tab' }))).toBe(true);
    expect(editor.children[0]).toEqual(code('\ta', '\t\tb', 'c'));
    handleEditorKeyDown(editor, key({ key: 'Tab', shiftKey: true }));
    handleEditorKeyDown(editor, key({ key: 'Tab', shiftKey: true }));
    expect(editor.children[0]).toEqual(code('a', 'b', 'c'));

    Transforms.select(editor, { path: [1, 0], offset: 0 });
    const event = key({ key: 'Tab' });
    expect(handleEditorKeyDown(editor, event)).toBe(false);
    expect(event.prevented).toBe(false);
  });
});

describe('toolbar commands', () => {
  it('Ctrl/Cmd+B/I/U toggle marks', () => {
    const editor = editorWith([p('ab')]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 2 } });
    handleEditorKeyDown(editor, key({ key: 'b', ctrlKey: true }));
    handleEditorKeyDown(editor, key({ key: 'i', metaKey: true }));
    handleEditorKeyDown(editor, key({ key: 'ㅕ', code: 'KeyU', ctrlKey: true }));
    expect(editor.children).toEqual([p('ab', { bold: true, italic: true, underline: true })]);
  });

  it('the code button: code block → paragraphs, multi-block selection → one code block, else inline code', () => {
    const editor = editorWith([p('one'), { type: 'bulleted-list', children: [item('two')] }, p('th\nree')]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 1 }, focus: { path: [1, 0, 0], offset: 1 } });
    pressCodeButton(editor);
    expect(editor.children).toEqual([code('one', 'two'), p('th\nree')]);

    pressCodeButton(editor);
    expect(editor.children).toEqual([p('one'), p('two'), p('th\nree')]);

    // Several soft lines of one paragraph are "multi-line" too.
    Transforms.select(editor, { anchor: { path: [2, 0], offset: 0 }, focus: { path: [2, 0], offset: 5 } });
    pressCodeButton(editor);
    expect(editor.children[2]).toEqual(code('th', 'ree'));

    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 3 } });
    pressCodeButton(editor);
    expect(editor.children[0]).toEqual(p('one', { code: true }));
    pressCodeButton(editor);
    expect(editor.children[0]).toEqual(p('one'));
  });

  it('the code button on an empty paragraph starts a code block', () => {
    const editor = editorWith([p('x'), p('', { code: true })]);
    Transforms.select(editor, { path: [1, 0], offset: 0 });
    pressCodeButton(editor);
    expect(editor.children).toEqual([p('x'), code('')]);
    editor.insertText('a');
    handleEditorKeyDown(editor, key({ key: 'Enter' }));
    expect(editor.children).toEqual([p('x'), code('a', '')]);
  });

  it('the horizontal rule on an empty paragraph goes before it', () => {
    const editor = editorWith([p('x'), p('')]);
    Transforms.select(editor, { path: [1, 0], offset: 0 });
    insertHorizontalRule(editor);
    expect(editor.children).toEqual([p('x'), { type: 'horizontal-rule', children: [{ text: '' }] }, p('')]);
    expect(editor.selection?.anchor).toEqual({ path: [2, 0], offset: 0 });
  });

  it('marks are not applied inside code', () => {
    const editor = editorWith([code('x')]);
    Transforms.select(editor, {
      anchor: { path: [0, 0, 0], offset: 0 },
      focus: { path: [0, 0, 0], offset: 1 },
    });
    toggleMark(editor, 'bold');
    expect(editor.children).toEqual([code('x')]);
  });

  it('a list button leaves code and drops `checked` when leaving a check list', () => {
    const editor = editorWith([code('a', 'b')]);
    Transforms.select(editor, { path: [0, 1, 0], offset: 0 });
    applyListType(editor, 'check-list');
    expect(editor.children).toEqual([{ type: 'check-list', children: [item('a', false), item('b', false)] }]);
    applyListType(editor, 'bulleted-list');
    expect(editor.children).toEqual([{ type: 'bulleted-list', children: [item('a'), item('b')] }]);
  });

  it('the horizontal rule goes after the current block, followed by a paragraph with the caret', () => {
    const editor = editorWith([p('above'), p('below')]);
    Transforms.select(editor, { path: [0, 0], offset: 2 });
    insertHorizontalRule(editor);
    expect(editor.children).toEqual([
      p('above'),
      { type: 'horizontal-rule', children: [{ text: '' }] },
      p(''),
      p('below'),
    ]);
    expect(editor.selection?.anchor).toEqual({ path: [2, 0], offset: 0 });
  });

  it('Space at the start of a check item toggles it; elsewhere it types', () => {
    const editor = editorWith([{ type: 'check-list', children: [item('task', false)] }]);
    Transforms.select(editor, { path: [0, 0, 0], offset: 0 });
    expect(handleEditorKeyDown(editor, key({ key: ' ' }))).toBe(true);
    expect((editor.children as SlateValue)[0]).toEqual({
      type: 'check-list',
      children: [item('task', true)],
    });
    Transforms.select(editor, { path: [0, 0, 0], offset: 2 });
    expect(handleEditorKeyDown(editor, key({ key: ' ' }))).toBe(false);
  });
});

describe('undo', () => {
  it(`merges typing within ${UNDO_MERGE_MS} ms into one step`, () => {
    let time = 0;
    const editor = editorWith([p('')], () => time);
    Transforms.select(editor, { path: [0, 0], offset: 0 });
    for (const [char, at] of [
      ['a', 0],
      ['b', 600],
      ['c', 1500],
      ['d', 3000],
    ] as const) {
      time = at;
      editor.insertText(char);
    }
    expect(texts(editor)).toEqual(['abcd']);
    editor.undo();
    expect(texts(editor)).toEqual(['abc']);
    editor.undo();
    expect(texts(editor)).toEqual(['']);
    editor.redo();
    expect(texts(editor)).toEqual(['abc']);
  });
});
