import { Editor, Element, Node, Path, Range, Text, Transforms, type Descendant, type NodeEntry } from 'slate';
import { HistoryEditor } from 'slate-history';
import { ReactEditor } from 'slate-react';
import {
  CODE_INDENT,
  DEFAULT_CODE_LANGUAGE,
  isListElement,
  MARK_KEYS,
  type BlockElement,
  type CodeBlockElement,
  type CodeLineElement,
  type ListElement,
  type ListElementType,
  type ListItemElement,
  type MarkKey,
  type ParagraphElement,
} from './slateTypes';

/**
 * The description editor's behaviour as plain functions of a Slate editor (docs/product.md "Description"), so Jest
 * can drive them without a browser and `DescriptionEditor.tsx` stays a thin view:
 *
 * - `withDescriptionBehaviours` — the plugin every editable instance carries (after `withDescriptionSchema`):
 *   Enter rules (`insertBreak`), `\n` never enters a code line (`insertText`), and the time-based undo merge.
 * - toolbar commands — `toggleMark`, `applyListType`, `pressCodeButton`, `insertHorizontalRule`, with the
 *   matching `isMarkActive` / `activeBlockType` / `isCodeButtonActive` for `aria-pressed`;
 * - `handleEditorKeyDown` — the `<Editable onKeyDown>` handler: nothing at all while an IME composition is open;
 *   Enter / Shift+Enter, Tab / Shift+Tab in code, Space at the start of a check item, Ctrl/Cmd+B/I/U.
 *
 * Decisions:
 * - **Enter** splits the current block at the caret with Slate's `splitNodes` (at the end of a paragraph that is
 *   exactly one new empty paragraph after it — not the earlier product's extra empty one). In a list item it
 *   splits the item (the new item of a check list starts unchecked); on an empty item it leaves the list (a
 *   nested item moves one level out). In code it starts a new code line. On a selected horizontal rule it opens a
 *   paragraph below the rule.
 * - **Backspace** at the start of a list item takes it out of the list (one level out when nested); in an
 *   empty one-line code block it turns the block back into a paragraph.
 * - **Shift+Enter** inserts `\n` (a soft break inside the block); in code, where lines are elements, it starts a
 *   new line like Enter.
 * - **Tab / Shift+Tab** act only in code blocks: they add / remove one `CODE_INDENT` at the start of every line
 *   the selection touches. Elsewhere Tab keeps the browser's meaning (move focus), so keyboard users can leave
 *   the editor.
 * - **List buttons never re-apply the active type**: pressing the button of the list type the caret is already
 *   in does nothing ("pressing them again does not toggle back"). Another list type
 *   retypes the list(s) holding the selected items; paragraphs and code lines become items of a new list.
 *   `checked` exists only in check lists (added as `false`, dropped when leaving).
 * - **Code button**: in a code block → the block's lines become paragraphs; a selection spanning several blocks
 *   or soft lines → the touched top-level blocks are merged into one code block (their text joined by line);
 *   otherwise the inline `code` mark is toggled — except on an empty paragraph, which becomes an empty code block
 *   (inline code has nothing to format there, and without this a code block could only be made by selecting two
 *   lines first).
 * - **Undo** merges typing within `UNDO_MERGE_MS` (1000 ms): text inserted or deleted more than that
 *   after the previous edit starts a new history batch.
 */

/** Typing within this many milliseconds of the previous keystroke is one undo step. */
export const UNDO_MERGE_MS = 1000;
/** The clickable margin around a checklist box (px): a touch target larger than the 16px box. */
export const CHECKLIST_TOUCH_MARGIN_PX = 32;

export type ToolbarBlockType = 'paragraph' | ListElementType | 'code-block';

const isElementOfType = <T extends Element['type']>(
  node: Node,
  type: T,
): node is Extract<Element, { type: T }> => Element.isElement(node) && node.type === type;

export const isCodeLine = (node: Node): node is CodeLineElement => isElementOfType(node, 'code-line');
export const isCodeBlock = (node: Node): node is CodeBlockElement => isElementOfType(node, 'code-block');
/** A list item holding text (not a nesting item). */
export const isTextListItem = (node: Node): node is ListItemElement =>
  isElementOfType(node, 'list-item') && node.children.every((child) => Text.isText(child));

/** The lowest element around the selection's anchor matching `match`. */
function aboveAnchor<T extends Node>(
  editor: Editor,
  match: (node: Node) => node is T,
): NodeEntry<T> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above(editor, {
    at: editor.selection.anchor,
    match: (node) => match(node),
    mode: 'lowest',
  }) as NodeEntry<T> | undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Marks
// ---------------------------------------------------------------------------------------------------------

export function isMarkActive(editor: Editor, mark: MarkKey): boolean {
  const marks = Editor.marks(editor);
  return marks?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: MarkKey): void {
  if (!editor.selection) return;
  // Code lines carry no marks (slateTypes.ts).
  if (aboveAnchor(editor, isCodeLine)) return;
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

// ---------------------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------------------

/** The block type of the caret for the toolbar: code block, the innermost list, or paragraph. */
export function activeBlockType(editor: Editor): ToolbarBlockType | null {
  if (!editor.selection) return null;
  if (aboveAnchor(editor, isCodeLine)) return 'code-block';
  const item = aboveAnchor(editor, isTextListItem);
  if (item) {
    const parent = Node.parent(editor, item[1]);
    if (isListElement(parent as Descendant)) return (parent as ListElement).type;
  }
  return 'paragraph';
}

/** Indices of the top-level blocks the selection touches. */
function topLevelRange(editor: Editor): [number, number] | null {
  const { selection } = editor;
  if (!selection) return null;
  const [start, end] = Range.edges(selection);
  return [start.path[0] ?? 0, end.path[0] ?? 0];
}

const listProps = (type: ListElementType): Partial<ListElement> =>
  type === 'numbered-list' ? { type, start: 1 } : { type };

/** Retype the list at `path`; its text items gain `checked: false` (check list) or lose `checked`. */
function retypeList(editor: Editor, path: Path, type: ListElementType): void {
  const list = Node.get(editor, path) as ListElement;
  if (type === 'numbered-list') Transforms.setNodes(editor, { type, start: 1 }, { at: path });
  else {
    Transforms.setNodes(editor, { type }, { at: path });
    if ('start' in list) Transforms.unsetNodes(editor, 'start', { at: path });
  }
  (list.children as ListItemElement[]).forEach((item, index) => {
    if (!isTextListItem(item)) return;
    const at = [...path, index];
    if (type === 'check-list') {
      if (typeof item.checked !== 'boolean') Transforms.setNodes(editor, { checked: false }, { at });
    } else if (item.checked !== undefined) Transforms.unsetNodes(editor, 'checked', { at });
  });
}

/**
 * Turn every code block in top-level indices [first, last] into paragraphs (one per line); returns the indices
 * the same blocks cover afterwards.
 */
function codeBlocksToParagraphs(editor: Editor, first: number, last: number): [number, number] {
  let end = last;
  for (let index = last; index >= first; index -= 1) {
    const block = editor.children[index];
    if (!block || !isCodeBlock(block)) continue;
    end += block.children.length - 1;
    Transforms.setNodes(editor, { type: 'paragraph' } as Partial<ParagraphElement>, {
      at: [index],
      match: (node, path) => path.length === 2 && isCodeLine(node),
    });
    Transforms.unsetNodes(editor, 'language', { at: [index] });
    Transforms.unwrapNodes(editor, { at: [index] });
  }
  return [first, end];
}

/**
 * A list button. Does nothing when the caret is already in a list of `type` (the toolbar never re-applies the
 * active type); otherwise converts the selected blocks as described in the module comment.
 */
export function applyListType(editor: Editor, type: ListElementType): void {
  if (!editor.selection || activeBlockType(editor) === type) return;
  Editor.withoutNormalizing(editor, () => {
    const initial = topLevelRange(editor);
    if (!initial) return;
    // Code blocks become paragraphs first, every line of them, and then list items like any paragraph.
    const [first, last] = codeBlocksToParagraphs(editor, initial[0], initial[1]);

    // Lists holding selected text items take the new type (the innermost list of each item).
    const listPaths = new Map<string, Path>();
    for (const [, path] of Editor.nodes(editor, { match: (node) => isTextListItem(node) })) {
      const parentPath = Path.parent(path);
      listPaths.set(parentPath.join(','), parentPath);
    }
    for (const path of listPaths.values()) {
      const list = Node.get(editor, path);
      if (isListElement(list as Descendant) && (list as ListElement).type !== type)
        retypeList(editor, path, type);
    }

    // Runs of selected top-level paragraphs become new lists (last run first, so indices stay valid).
    const runs: [number, number][] = [];
    for (let index = first; index <= last; index += 1) {
      const block = editor.children[index];
      if (!block || !isElementOfType(block, 'paragraph')) continue;
      const run = runs[runs.length - 1];
      if (run && run[1] === index - 1) run[1] = index;
      else runs.push([index, index]);
    }
    for (const [start, end] of runs.reverse()) {
      for (let index = end; index >= start; index -= 1) {
        Transforms.unsetNodes(editor, 'indent', { at: [index] });
        Transforms.setNodes<Element>(
          editor,
          (type === 'check-list'
            ? { type: 'list-item', checked: false }
            : { type: 'list-item' }) as Partial<Element>,
          { at: [index] },
        );
      }
      Transforms.wrapNodes(editor, { ...listProps(type), children: [] } as unknown as Element, {
        at: Editor.range(editor, [start], [end]),
        match: (_node, path) => path.length === 1,
      });
    }
  });
}

/** The code button is pressed in a code block or on inline code. */
export function isCodeButtonActive(editor: Editor): boolean {
  return activeBlockType(editor) === 'code-block' || isMarkActive(editor, 'code');
}

/** Whether the selection spans several blocks, or several soft lines of one block. */
function isMultiLineSelection(editor: Editor): boolean {
  const { selection } = editor;
  if (!selection || Range.isCollapsed(selection)) return false;
  const blockAt = (point: Range['anchor']) =>
    Editor.above(editor, {
      at: point,
      match: (node) => Element.isElement(node) && Editor.isBlock(editor, node),
    });
  const anchorBlock = blockAt(selection.anchor);
  const focusBlock = blockAt(selection.focus);
  if (!anchorBlock || !focusBlock || !Path.equals(anchorBlock[1], focusBlock[1])) return true;
  return Editor.string(editor, selection).includes('\n');
}

/** Lines of text of a top-level block for "merge into one code block". */
function blockLines(node: Node): string[] {
  if (Text.isText(node)) return node.text.split('\n');
  if (isElementOfType(node, 'horizontal-rule')) return [];
  if (isCodeBlock(node)) return node.children.map((line) => Node.string(line));
  if (isElementOfType(node, 'paragraph') || isTextListItem(node)) return Node.string(node).split('\n');
  return (node as Element).children.flatMap((child) => blockLines(child));
}

/**
 * The code button: in a code block → paragraphs; a multi-line or multi-block selection → one code block made of
 * the touched top-level blocks; otherwise toggle inline code.
 */
export function pressCodeButton(editor: Editor): void {
  if (!editor.selection) return;
  if (activeBlockType(editor) === 'code-block') {
    const range = topLevelRange(editor);
    if (range) codeBlocksToParagraphs(editor, range[0], range[1]);
    return;
  }
  const empty = emptyParagraphAtCaret(editor);
  if (empty !== null) {
    // Inline code has nothing to format in an empty paragraph: start a code block there instead.
    Editor.withoutNormalizing(editor, () => {
      Transforms.unsetNodes(editor, 'indent', { at: [empty] });
      Transforms.unsetNodes(editor, [...MARK_KEYS], { at: [empty], match: Text.isText });
      Transforms.setNodes<Element>(editor, { type: 'code-line' }, { at: [empty] });
      Transforms.wrapNodes(
        editor,
        { type: 'code-block', language: DEFAULT_CODE_LANGUAGE, children: [] },
        { at: [empty] },
      );
    });
    editor.marks = null; // code lines carry no marks
    return;
  }
  if (!isMultiLineSelection(editor)) {
    toggleMark(editor, 'code');
    return;
  }
  const range = topLevelRange(editor);
  if (!range) return;
  const [first, last] = range;
  const lines = editor.children.slice(first, last + 1).flatMap((block) => blockLines(block));
  const codeBlock: CodeBlockElement = {
    type: 'code-block',
    language: DEFAULT_CODE_LANGUAGE,
    children: (lines.length > 0 ? lines : ['']).map((text) => ({ type: 'code-line', children: [{ text }] })),
  };
  Editor.withoutNormalizing(editor, () => {
    Transforms.deselect(editor);
    for (let index = last; index >= first; index -= 1) Transforms.removeNodes(editor, { at: [index] });
    Transforms.insertNodes(editor, codeBlock, { at: [first], select: false });
    Transforms.select(editor, Editor.end(editor, [first]));
  });
}

/** The index of the empty top-level paragraph holding a collapsed caret, else null. */
function emptyParagraphAtCaret(editor: Editor): number | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection) || selection.anchor.path.length !== 2) return null;
  const index = selection.anchor.path[0] ?? 0;
  const block = editor.children[index];
  return block && isElementOfType(block, 'paragraph') && Node.string(block) === '' ? index : null;
}

/**
 * Insert a horizontal rule after the current top-level block, then an empty paragraph holding the caret. On an
 * empty paragraph the rule goes before it and that paragraph keeps the caret (no stray empty line above the rule).
 */
export function insertHorizontalRule(editor: Editor): void {
  const empty = emptyParagraphAtCaret(editor);
  if (empty !== null) {
    Transforms.insertNodes(
      editor,
      { type: 'horizontal-rule', children: [{ text: '' }] },
      { at: [empty], select: false },
    );
    Transforms.select(editor, Editor.start(editor, [empty + 1]));
    return;
  }
  const at = editor.selection ? (Range.end(editor.selection).path[0] ?? -1) + 1 : editor.children.length;
  const nodes: BlockElement[] = [
    { type: 'horizontal-rule', children: [{ text: '' }] },
    { type: 'paragraph', children: [{ text: '' }] },
  ];
  Editor.withoutNormalizing(editor, () => {
    Transforms.insertNodes(editor, nodes, { at: [at], select: false });
    Transforms.select(editor, Editor.start(editor, [at + 1]));
  });
}

/** Flip `checked` of the check item at `path` (no-op for anything else). */
export function toggleCheckItem(editor: Editor, path: Path): void {
  const node = Node.has(editor, path) ? Node.get(editor, path) : undefined;
  if (!node || !isTextListItem(node)) return;
  const parent = Node.parent(editor, path);
  if (!isElementOfType(parent, 'check-list')) return;
  Transforms.setNodes(editor, { checked: !node.checked }, { at: path });
}

// ---------------------------------------------------------------------------------------------------------
// Code indentation
// ---------------------------------------------------------------------------------------------------------

function selectedCodeLines(editor: Editor): NodeEntry<CodeLineElement>[] {
  if (!editor.selection) return [];
  return Array.from(
    Editor.nodes(editor, { match: (node) => isCodeLine(node) }),
  ) as NodeEntry<CodeLineElement>[];
}

/** Tab in code: one `CODE_INDENT` at the start of every touched line. Returns whether it acted. */
export function indentCodeLines(editor: Editor): boolean {
  const lines = selectedCodeLines(editor);
  if (lines.length === 0) return false;
  Editor.withoutNormalizing(editor, () => {
    for (const [, path] of lines)
      Transforms.insertText(editor, CODE_INDENT, { at: Editor.start(editor, path) });
  });
  return true;
}

/** Shift+Tab in code: remove one leading `CODE_INDENT` from every touched line that has one. */
export function outdentCodeLines(editor: Editor): boolean {
  const lines = selectedCodeLines(editor);
  if (lines.length === 0) return false;
  Editor.withoutNormalizing(editor, () => {
    for (const [line, path] of lines) {
      if (!Node.string(line).startsWith(CODE_INDENT)) continue;
      const start = Editor.start(editor, path);
      Transforms.delete(editor, {
        at: { anchor: start, focus: { path: start.path, offset: start.offset + CODE_INDENT.length } },
      });
    }
  });
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// The plugin: Enter rules, no `\n` in code, time-based undo merge
// ---------------------------------------------------------------------------------------------------------

/** Enter on an empty list item: leave the list (or move one nesting level out). */
function leaveList(editor: Editor, itemPath: Path): void {
  const listPath = Path.parent(itemPath);
  const nested = listPath.length > 1;
  Editor.withoutNormalizing(editor, () => {
    if (nested) {
      // list-item (nesting) > list > item: lift out of the inner list, then out of the nesting item.
      Transforms.liftNodes(editor, { at: itemPath });
      const lifted = Editor.above(editor, {
        match: (node) => isElementOfType(node, 'list-item'),
        mode: 'lowest',
      });
      if (lifted) Transforms.liftNodes(editor, { at: lifted[1] });
      const item = Editor.above(editor, {
        match: (node) => isElementOfType(node, 'list-item'),
        mode: 'lowest',
      });
      const list = item && Node.parent(editor, item[1]);
      if (item && list) {
        if (isElementOfType(list, 'check-list'))
          Transforms.setNodes(editor, { checked: false }, { at: item[1] });
        else Transforms.unsetNodes(editor, 'checked', { at: item[1] });
      }
    } else {
      Transforms.unsetNodes(editor, 'checked', { at: itemPath });
      Transforms.setNodes<Element>(editor, { type: 'paragraph' }, { at: itemPath });
      Transforms.liftNodes(editor, { at: itemPath });
    }
  });
}

/** The editor's Enter (what `editor.insertBreak` does once the plugin is installed). */
function descriptionInsertBreak(editor: Editor, fallback: () => void): void {
  const { selection } = editor;
  if (!selection) return;
  const voidEntry = Editor.void(editor, { at: selection.anchor });
  if (voidEntry) {
    const at = Path.next(voidEntry[1].slice(0, 1));
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at, select: true });
    return;
  }
  const item = aboveAnchor(editor, isTextListItem);
  if (item && Range.isCollapsed(selection) && Node.string(item[0]) === '') {
    leaveList(editor, item[1]);
    return;
  }
  fallback(); // splitNodes({ always: true }): paragraph, list item or code line split at the caret
  if (item) {
    const newItem = aboveAnchor(editor, isTextListItem);
    if (newItem && newItem[0].checked === true)
      Transforms.setNodes(editor, { checked: false }, { at: newItem[1] });
  }
}

/** slate-react's composition flag (a headless editor without `withReact` is never composing). */
function isEditorComposing(editor: Editor): boolean {
  const isComposing = (ReactEditor as { isComposing?: (editor: ReactEditor) => boolean }).isComposing;
  try {
    return !!isComposing && isComposing(editor as ReactEditor);
  } catch {
    return false;
  }
}

export interface DescriptionBehaviourOptions {
  /** Clock for the undo merge (tests pass a fake one). */
  now?: () => number;
}

/**
 * The editing rules of the description editor. Wrap after the schema:
 * `withDescriptionBehaviours(withDescriptionSchema(withHistory(withReact(createEditor()))))`.
 */
export function withDescriptionBehaviours<T extends Editor & HistoryEditor>(
  editor: T,
  options: DescriptionBehaviourOptions = {},
): T {
  const now = options.now ?? (() => Date.now());
  const { insertBreak, insertText, deleteBackward, deleteForward } = editor;
  let lastTyping = -Infinity;

  /** Runs a typing edit; one more than `UNDO_MERGE_MS` after the previous starts a new undo step. */
  const typing = (edit: () => void) => {
    const time = now();
    const stale = time - lastTyping > UNDO_MERGE_MS;
    lastTyping = time;
    if (stale) HistoryEditor.withNewBatch(editor, edit);
    else edit();
  };

  editor.insertBreak = () => {
    // Never split while an IME composition is open (the browser may still send insertParagraph for an Enter
    // pressed mid-syllable); the syllable is committed by compositionend instead.
    if (isEditorComposing(editor)) return;
    lastTyping = -Infinity;
    descriptionInsertBreak(editor, insertBreak);
  };

  editor.insertText = (text, textOptions) => {
    if (text.includes('\n') && editor.selection && aboveAnchor(editor, isCodeLine)) {
      // Code lines never contain `\n`: each break starts a new line.
      text.split('\n').forEach((part, index) => {
        if (index > 0) insertBreak();
        if (part) typing(() => insertText(part, textOptions));
      });
      return;
    }
    typing(() => insertText(text, textOptions));
  };
  editor.deleteBackward = (unit) => {
    const { selection } = editor;
    if (selection && Range.isCollapsed(selection)) {
      // Backspace at the start of a list item leaves the list (or moves one level out), as Enter on an empty one.
      const item = aboveAnchor(editor, isTextListItem);
      if (item && Editor.isStart(editor, selection.anchor, item[1])) {
        lastTyping = -Infinity;
        leaveList(editor, item[1]);
        return;
      }
      // Backspace in an empty one-line code block turns it back into a paragraph.
      const line = aboveAnchor(editor, isCodeLine);
      const block = line && Node.parent(editor, line[1]);
      if (line && block && block.children.length === 1 && Node.string(line[0]) === '') {
        const index = line[1][0] ?? 0;
        lastTyping = -Infinity;
        codeBlocksToParagraphs(editor, index, index);
        return;
      }
    }
    typing(() => deleteBackward(unit));
  };
  editor.deleteForward = (unit) => typing(() => deleteForward(unit));
  return editor;
}

// ---------------------------------------------------------------------------------------------------------
// Keyboard
// ---------------------------------------------------------------------------------------------------------

/** The parts of a (React or DOM) keyboard event the handler reads. */
export interface EditorKeyEvent {
  key: string;
  /** Physical key (`KeyB`): shortcuts still work while a Korean keyboard layout yields `ㅠ` as `key`. */
  code?: string;
  keyCode?: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  nativeEvent?: { isComposing?: boolean; keyCode?: number };
  preventDefault(): void;
}

/** An IME composition is open (Hangul): the event belongs to the IME, never to the editor. */
export function isComposingEvent(event: EditorKeyEvent): boolean {
  return (
    event.nativeEvent?.isComposing === true || event.keyCode === 229 || event.nativeEvent?.keyCode === 229
  );
}

const MARK_SHORTCUTS: Readonly<Record<string, MarkKey>> = { b: 'bold', i: 'italic', u: 'underline' };

/** Whether the caret is collapsed at the very start of a check-list item. */
function checkItemAtStart(editor: Editor): Path | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const item = aboveAnchor(editor, isTextListItem);
  if (!item || !isElementOfType(Node.parent(editor, item[1]), 'check-list')) return null;
  return Editor.isStart(editor, selection.anchor, item[1]) ? item[1] : null;
}

/**
 * `<Editable onKeyDown>`: returns whether it handled the key (and then has called `preventDefault`). While an IME
 * composition is open it does nothing at all, so Enter or Space commits the Hangul syllable as the IME intends.
 */
export function handleEditorKeyDown(editor: Editor, event: EditorKeyEvent): boolean {
  if (isComposingEvent(event)) return false;
  const handled = () => {
    event.preventDefault();
    return true;
  };
  const mod = (event.ctrlKey || event.metaKey) && !event.altKey;

  if (event.key === 'Enter' && !mod && !event.altKey) {
    if (event.shiftKey && !aboveAnchor(editor, isCodeLine)) editor.insertText('\n');
    else editor.insertBreak();
    return handled();
  }
  if (event.key === 'Tab' && !mod && !event.altKey) {
    const acted = event.shiftKey ? outdentCodeLines(editor) : indentCodeLines(editor);
    return acted ? handled() : false;
  }
  if (event.key === ' ' && !mod && !event.shiftKey && !event.altKey) {
    const path = checkItemAtStart(editor);
    if (!path) return false;
    toggleCheckItem(editor, path);
    return handled();
  }
  if (mod && !event.shiftKey) {
    const mark =
      MARK_SHORTCUTS[event.key.toLowerCase()] ??
      (event.code?.startsWith('Key') ? MARK_SHORTCUTS[event.code.slice(3).toLowerCase()] : undefined);
    if (mark) {
      toggleMark(editor, mark);
      return handled();
    }
  }
  return false;
}
