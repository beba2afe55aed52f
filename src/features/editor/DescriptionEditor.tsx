import { Component, useCallback, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CodeIcon from '@mui/icons-material/Code';
import { createEditor, Editor, Node, Text, Transforms, type DecoratedRange, type NodeEntry } from 'slate';
import { withHistory } from 'slate-history';
import {
  Editable,
  ReactEditor,
  Slate,
  useReadOnly,
  useSelected,
  useSlateSelector,
  useSlateStatic,
  withReact,
  type RenderElementProps,
  type RenderChunkProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from 'slate-react';
import { copy } from '../../shared/copy';
import { tokens } from '../../app/theme';
import { highlightCode, type CodeTokenType } from './codeHighlight';
import {
  activeBlockType,
  applyListType,
  handleEditorKeyDown,
  insertHorizontalRule,
  isCodeBlock,
  isCodeButtonActive,
  isMarkActive,
  pressCodeButton,
  toggleCheckItem,
  toggleMark,
  withDescriptionBehaviours,
  CHECKLIST_TOUCH_MARGIN_PX,
} from './editorCommands';
import { lexicalToSlate, slateToLexical } from './lexical';
import { withDescriptionSchema, type DescriptionEditor as SlateDescriptionEditor } from './slateTypes';

/**
 * The item description editor (issue #6 item 5; spec §2 / §4 "Editor", §8, §9; veco-frontend.md §6.1). The
 * detail page lazy-loads this module (it is never in the initial bundle) and renders
 * `<DescriptionEditor initialContent readOnly onChange />`:
 *
 * - `initialContent` — the stored Lexical JSON (`''` = empty) — is read **once**, at mount, with
 *   `lexicalToSlate` (an unreadable description is logged and the editor starts empty). Remount (`key`) to load
 *   another document.
 * - `onChange(json)` receives `slateToLexical(value)` after document changes only (selection moves do not emit),
 *   debounced by `EMIT_DEBOUNCE_MS` so typing in a long document does not serialise it on every keystroke, and
 *   flushed at once when the editor loses focus (before a click on the page's save button lands) and on unmount.
 * - `readOnly` — no toolbar, no placeholder, not editable; checkboxes cannot be toggled.
 *
 * The rules (Enter, Tab in code, list and code buttons, undo merge, IME) live in `editorCommands.ts`. Rendering
 * is plain elements with class names styled once on the container, so a 1,000-paragraph document stays cheap.
 */

export interface DescriptionEditorProps {
  /** Lexical JSON as stored; `''` is an empty description. Read once at mount. */
  initialContent: string;
  readOnly: boolean;
  onChange: (contentJson: string) => void;
}

/** Delay between the last document change and `onChange` (flushed early on blur and unmount). */
export const EMIT_DEBOUNCE_MS = 250;

const t = copy.descriptionEditor;

export default function DescriptionEditor(props: DescriptionEditorProps) {
  const [editor] = useState(createDescriptionEditor);
  return (
    <EditorErrorBoundary>
      <DescriptionEditorSurface {...props} editor={editor} />
    </EditorErrorBoundary>
  );
}

/** A new editor with every plugin the description needs (exported for tests). */
export function createDescriptionEditor(): SlateDescriptionEditor {
  const editor = withDescriptionBehaviours(withDescriptionSchema(withHistory(withReact(createEditor()))));
  // Render the top level in chunks (slate-react's large-document mode): a keystroke re-renders one chunk of
  // `CHUNK_SIZE` blocks instead of reconciling every block of a long description.
  editor.getChunkSize = (node) => (Editor.isEditor(node) ? CHUNK_SIZE : null);
  return editor;
}

/** Top-level blocks per render chunk. */
const CHUNK_SIZE = 100;

/**
 * The editor on a given Slate editor (from `createDescriptionEditor`), without the error boundary. The default
 * export is this plus the boundary; tests render it to drive the editor through the Slate API.
 */
export function DescriptionEditorSurface({
  initialContent,
  readOnly,
  onChange,
  editor,
}: DescriptionEditorProps & { editor: SlateDescriptionEditor }) {
  const [initialValue] = useState(() =>
    lexicalToSlate(initialContent, { onError: (error) => console.error(t.parseFailed, error) }),
  );

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current) return;
    pending.current = false;
    onChangeRef.current(slateToLexical(editor.children));
  }, [editor]);
  const handleValueChange = useCallback(() => {
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, EMIT_DEBOUNCE_MS);
  }, [flush]);
  useEffect(() => flush, [flush]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      handleEditorKeyDown(editor, event);
    },
    [editor],
  );

  return (
    <Box sx={editorSx} className="description-editor" onBlur={flush}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
        {!readOnly && <Toolbar />}
        <Content readOnly={readOnly} onKeyDown={onKeyDown} />
      </Slate>
    </Box>
  );
}

/**
 * The editable area. Code colouring goes through `decorate`, which slate-react re-evaluates for every rendered
 * element on each change; a document without code blocks passes none, which keeps keystrokes in long prose
 * documents cheap (measured in Chromium: about 4 ms less main-thread work per keystroke at 1,000 paragraphs).
 */
function Content({
  readOnly,
  onKeyDown,
}: {
  readOnly: boolean;
  onKeyDown: (event: React.KeyboardEvent<HTMLDivElement>) => void;
}) {
  // Re-render (and re-create Editable's props) only when the answer changes, not on every keystroke.
  const hasCode = useSlateSelector((editor) => editor.children.some((node) => isCodeBlock(node)));
  return (
    <Editable
      className="me-content"
      aria-label={t.label}
      aria-multiline
      readOnly={readOnly}
      placeholder={readOnly ? undefined : t.placeholder}
      renderPlaceholder={renderPlaceholder}
      renderElement={renderElement}
      renderLeaf={renderLeaf}
      renderChunk={renderChunk}
      decorate={hasCode ? decorate : undefined}
      onKeyDown={onKeyDown}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// Toolbar
// ---------------------------------------------------------------------------------------------------------

/** Icons are created once, so re-rendering the toolbar on every keystroke reconciles nothing below a button. */
const ICONS = {
  bold: <FormatBoldIcon fontSize="small" />,
  italic: <FormatItalicIcon fontSize="small" />,
  underline: <FormatUnderlinedIcon fontSize="small" />,
  horizontalRule: <HorizontalRuleIcon fontSize="small" />,
  bulletedList: <FormatListBulletedIcon fontSize="small" />,
  numberedList: <FormatListNumberedIcon fontSize="small" />,
  checkList: <ChecklistIcon fontSize="small" />,
  code: <CodeIcon fontSize="small" />,
};

/** What the toolbar shows pressed; compared field by field so typing plain text does not re-render it. */
interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  block: ReturnType<typeof activeBlockType>;
  code: boolean;
}

const readToolbarState = (editor: SlateDescriptionEditor): ToolbarState => ({
  bold: isMarkActive(editor, 'bold'),
  italic: isMarkActive(editor, 'italic'),
  underline: isMarkActive(editor, 'underline'),
  block: activeBlockType(editor),
  code: isCodeButtonActive(editor),
});

const sameToolbarState = (a: ToolbarState | null, b: ToolbarState | null) =>
  !!a &&
  !!b &&
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.block === b.block &&
  a.code === b.code;

function Toolbar() {
  const editor = useSlateStatic();
  const state = useSlateSelector(readToolbarState, sameToolbarState);
  const block = state.block;
  const run = (command: () => void) => {
    syncSelectionFromDom(editor);
    if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
    command();
    ReactEditor.focus(editor);
  };
  const mark = (key: 'bold' | 'italic' | 'underline', label: string, icon: ReactNode) => (
    <ToolbarButton
      label={label}
      icon={icon}
      pressed={state[key]}
      onPress={() => run(() => toggleMark(editor, key))}
    />
  );
  return (
    <div className="me-toolbar" role="toolbar" aria-label={t.toolbar}>
      {mark('bold', t.bold, ICONS.bold)}
      {mark('italic', t.italic, ICONS.italic)}
      {mark('underline', t.underline, ICONS.underline)}
      <ToolbarButton
        label={t.horizontalRule}
        icon={ICONS.horizontalRule}
        onPress={() => run(() => insertHorizontalRule(editor))}
      />
      <ToolbarButton
        label={t.bulletedList}
        icon={ICONS.bulletedList}
        pressed={block === 'bulleted-list'}
        onPress={() => run(() => applyListType(editor, 'bulleted-list'))}
      />
      <ToolbarButton
        label={t.numberedList}
        icon={ICONS.numberedList}
        pressed={block === 'numbered-list'}
        onPress={() => run(() => applyListType(editor, 'numbered-list'))}
      />
      <ToolbarButton
        label={t.checkList}
        icon={ICONS.checkList}
        pressed={block === 'check-list'}
        onPress={() => run(() => applyListType(editor, 'check-list'))}
      />
      <ToolbarButton
        label={t.code}
        icon={ICONS.code}
        pressed={state.code}
        onPress={() => run(() => pressCodeButton(editor))}
      />
    </div>
  );
}

/**
 * slate-react reads the DOM selection on a throttled `selectionchange`; a toolbar click right after Shift+Arrow
 * must act on what the user sees selected, so read it now.
 */
function syncSelectionFromDom(editor: SlateDescriptionEditor): void {
  if (!ReactEditor.isFocused(editor)) return;
  const domSelection = window.getSelection();
  if (!domSelection || domSelection.rangeCount === 0) return;
  const range = ReactEditor.toSlateRange(editor, domSelection, { exactMatch: false, suppressThrow: true });
  if (range) Transforms.select(editor, range);
}

function ToolbarButton(props: { label: string; icon: ReactNode; pressed?: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      // Keep the editor's selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onPress}
    >
      {props.icon}
    </button>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------------------

function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'paragraph':
      return (
        <p {...attributes} style={element.indent ? { paddingLeft: `${element.indent * 4}rem` } : undefined}>
          {children}
        </p>
      );
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return (
        <ol {...attributes} start={element.start}>
          {children}
        </ol>
      );
    case 'check-list':
      return (
        <ul {...attributes} className="me-check-list">
          {children}
        </ul>
      );
    case 'list-item':
      return <ListItem {...props} />;
    case 'code-block':
      return (
        <div {...attributes} className="me-code-block" spellCheck={false} data-language={element.language}>
          {children}
        </div>
      );
    case 'code-line':
      return (
        <div {...attributes} className="me-code-line">
          {children}
        </div>
      );
    case 'horizontal-rule':
      return <HorizontalRule {...props} />;
    default:
      return <div {...attributes}>{children}</div>;
  }
}

function ListItem({ attributes, children, element }: RenderElementProps) {
  const editor = useSlateStatic();
  const readOnly = useReadOnly();
  if (element.type !== 'list-item') return null;
  if (!element.children.every((child) => Text.isText(child))) {
    return (
      <li {...attributes} className="me-nesting-item">
        {children}
      </li>
    );
  }
  if (typeof element.checked !== 'boolean') return <li {...attributes}>{children}</li>;
  const checked = element.checked;
  const toggle = () => {
    if (!readOnly) toggleCheckItem(editor, ReactEditor.findPath(editor, element));
  };
  return (
    <li {...attributes} className={checked ? 'me-check-item me-checked' : 'me-check-item'}>
      <span
        contentEditable={false}
        className="me-checkbox"
        role="checkbox"
        aria-checked={checked}
        aria-label={t.checkItem}
        aria-disabled={readOnly || undefined}
        // A 32 px square (spec §9's touch margin) around the 16 px box.
        style={{ width: CHECKLIST_TOUCH_MARGIN_PX, height: CHECKLIST_TOUCH_MARGIN_PX }}
        onMouseDown={(event) => event.preventDefault()}
        onClick={toggle}
      >
        <span className="me-checkbox-box" aria-hidden />
      </span>
      <span className="me-check-text">{children}</span>
    </li>
  );
}

function HorizontalRule({ attributes, children }: RenderElementProps) {
  const selected = useSelected();
  return (
    <div {...attributes}>
      <div contentEditable={false}>
        <hr className={selected ? 'me-hr me-hr-selected' : 'me-hr'} />
      </div>
      {children}
    </div>
  );
}

type TokenLeaf = RenderLeafProps['leaf'] & { token?: CodeTokenType };

/**
 * A chunk of top-level blocks: a plain wrapper. (`content-visibility: auto` on chunks halved paint work in a
 * 1,000-paragraph document but broke Ctrl+End in Chromium — the caret landed at the start of the last chunk.)
 */
function renderChunk({ attributes, children }: RenderChunkProps) {
  return <div {...attributes}>{children}</div>;
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code className="me-inline-code">{content}</code>;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.subscript) content = <sub>{content}</sub>;
  if (leaf.superscript) content = <sup>{content}</sup>;
  if (leaf.highlight) content = <mark>{content}</mark>;
  const token = (leaf as TokenLeaf).token;
  return (
    <span {...attributes} className={token ? `me-token-${token}` : undefined}>
      {content}
    </span>
  );
}

function renderPlaceholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span {...attributes} className="me-placeholder">
      {children}
    </span>
  );
}

/** Syntax colours of code blocks: `codeHighlight` tokens of the whole block, as ranges on its lines. */
function decorate([node, path]: NodeEntry): DecoratedRange[] {
  if (!isCodeBlock(node)) return [];
  const lines = node.children.map((line) => Node.string(line));
  const ranges: DecoratedRange[] = [];
  let line = 0;
  let offset = 0;
  for (const token of highlightCode(lines.join('\n'), node.language)) {
    token.text.split('\n').forEach((part, index) => {
      if (index > 0) {
        line += 1;
        offset = 0;
      }
      if (token.type && part) {
        const at = [...path, line, 0];
        ranges.push({
          anchor: { path: at, offset },
          focus: { path: at, offset: offset + part.length },
          token: token.type,
        } as DecoratedRange);
      }
      offset += part.length;
    });
  }
  return ranges;
}

// ---------------------------------------------------------------------------------------------------------
// Error boundary and styles
// ---------------------------------------------------------------------------------------------------------

/** Spec §8: a crash inside the editor shows 'An error was thrown.' in red instead of taking the page down. */
export class EditorErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(t.renderFailed, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" style={{ color: tokens.error, fontSize: '1.4rem', margin: 0 }}>
          {t.crashed}
        </p>
      );
    }
    return this.props.children;
  }
}

const { grey } = tokens;
const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'D2Coding', monospace";

const editorSx = {
  position: 'relative',
  color: grey.default,
  '& .me-toolbar': {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    gap: '0.8rem',
    padding: '0.8rem',
    backgroundColor: grey[100],
    borderBottom: `1px solid ${grey[300]}`,
    overflowX: 'auto',
  },
  '& .me-toolbar button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: '3.2rem',
    height: '3.2rem',
    padding: 0,
    border: 'none',
    borderRadius: '0.4rem',
    backgroundColor: 'transparent',
    color: grey[600],
    cursor: 'pointer',
    '&:hover': { backgroundColor: grey[200] },
    '&[aria-pressed="true"]': { backgroundColor: grey[200] },
    '&:focus-visible': { outline: `2px solid ${tokens.navy}`, outlineOffset: 1 },
    '& svg': { fontSize: '2rem' },
  },
  '& .me-content': {
    minHeight: '8rem',
    padding: '1.2rem 0',
    fontSize: '1.6rem',
    lineHeight: 1.5,
    outline: 'none',
    tabSize: 4,
    wordBreak: 'break-word',
  },
  '& .me-content p': { margin: 0 },

  '& .me-placeholder': { color: grey[400], opacity: '1 !important', fontSize: '1.6rem' },
  '& .me-content ul, & .me-content ol': { margin: 0, paddingLeft: '1.2rem', listStylePosition: 'inside' },
  '& .me-content ul': { listStyleType: 'disc' },
  '& .me-content ol': { listStyleType: 'decimal' },
  '& .me-content li': { margin: '0.25rem 1rem' },
  '& .me-content li.me-nesting-item': { listStyleType: 'none' },
  '& .me-content ul.me-check-list': { listStyleType: 'none', paddingLeft: 0 },
  '& .me-check-item': { display: 'flex', alignItems: 'center', marginLeft: '0.4rem' },
  '& .me-checkbox': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    margin: '-0.8rem 0 -0.8rem -0.8rem',
    cursor: 'pointer',
    userSelect: 'none',
    '&[aria-disabled="true"]': { cursor: 'default' },
  },
  '& .me-checkbox-box': {
    width: '1.6rem',
    height: '1.6rem',
    boxSizing: 'border-box',
    border: '2px solid #c5c5c5',
    borderRadius: '0.2rem',
  },
  '& .me-checked .me-checkbox-box': {
    backgroundColor: tokens.navy,
    borderColor: tokens.navy,
    backgroundImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M3.5 8.5l3 3 6-7' fill='none' stroke='white' stroke-width='2'/%3E%3C/svg%3E\")",
    backgroundSize: 'contain',
  },
  '& .me-check-text': { flex: 1, minWidth: 0, marginLeft: '0.2rem' },
  '& .me-checked .me-check-text': { color: grey[500], textDecoration: 'line-through' },
  '& .me-inline-code': {
    fontFamily: MONOSPACE,
    fontSize: '94%',
    backgroundColor: grey[200],
    borderRadius: '0.5rem',
    padding: '0.1rem 0.4rem',
  },
  '& .me-code-block': {
    margin: '0.8rem 0',
    padding: '1rem',
    borderRadius: '1rem',
    backgroundColor: grey[200],
    fontFamily: MONOSPACE,
    fontSize: '1.4rem',
    lineHeight: '2.5rem',
    whiteSpace: 'pre',
    overflowX: 'auto',
  },
  '& .me-token-comment, & .me-token-punctuation': { color: grey[500] },
  '& .me-hr': { height: 2, margin: '1rem 0', border: 'none', backgroundColor: grey[200] },
  '& .me-hr-selected': { outline: `2px solid ${tokens.navy}` },
} as const;
