import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { createEditor, Editor, type Path } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, useSlateSelector, withReact } from 'slate-react';
import { copy } from '../../shared/copy';
import { CheckToggleContext } from './checkToggleContext';
import { decorate } from './codeDecorations';
import { EditorErrorBoundary } from './EditorErrorBoundary';
import {
  handleEditorKeyDown,
  isCodeBlock,
  toggleCheckItem,
  withDescriptionBehaviours,
} from './editorCommands';
import { editorSx } from './editorStyles';
import { lexicalToSlate, slateToLexical } from './lexical';
import { renderChunk, renderElement, renderLeaf, renderPlaceholder } from './renderers';
import { withDescriptionSchema, type DescriptionEditor as SlateDescriptionEditor } from './slateTypes';
import { Toolbar } from './Toolbar';
import { useDebouncedEmit } from './useDebouncedEmit';

/**
 * The item description editor (docs/product.md "Description"). The detail page lazy-loads this module (it is
 * never in the initial bundle) and renders `<DescriptionEditor initialContent readOnly onChange />`:
 *
 * - `initialContent` — the stored Lexical JSON (`''` = empty) — is read **once**, at mount, with
 *   `lexicalToSlate` (an unreadable description is logged and the editor starts empty). Remount (`key`) to load
 *   another document.
 * - `onChange(json)` receives `slateToLexical(value)` after document changes only, debounced and flushed on blur
 *   and unmount (useDebouncedEmit.ts).
 * - `readOnly` — no toolbar, no placeholder, not editable; checkboxes cannot be toggled, unless
 *   `onCheckToggle` is given: then a click (or Space / Enter on the focused box) ticks a check item and
 *   `onCheckToggle(json)` receives the whole new document at once (view mode saves it, docs/product.md "Item
 *   detail"). Nothing else changes in read-only mode.
 *
 * The rules (Enter, Tab in code, list and code buttons, undo merge, IME) live in `editorCommands.ts`, the toolbar
 * in `Toolbar.tsx`, rendering in `renderers.tsx` (styles: `editorStyles.ts`), code colouring in
 * `codeDecorations.ts`.
 */

export interface DescriptionEditorProps {
  /** Lexical JSON as stored; `''` is an empty description. Read once at mount. */
  initialContent: string;
  readOnly: boolean;
  onChange: (contentJson: string) => void;
  /** Read-only mode only: check items can be ticked, and each tick reports the new Lexical JSON here. */
  onCheckToggle?: (contentJson: string) => void;
}

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
  onCheckToggle,
  editor,
}: DescriptionEditorProps & { editor: SlateDescriptionEditor }) {
  const [initialValue] = useState(() =>
    lexicalToSlate(initialContent, { onError: (error) => console.error(t.parseFailed, error) }),
  );

  const { markChanged, flush } = useDebouncedEmit(editor, onChange);

  const onCheckToggleRef = useRef(onCheckToggle);
  useEffect(() => {
    onCheckToggleRef.current = onCheckToggle;
  }, [onCheckToggle]);
  const tickable = readOnly && onCheckToggle !== undefined;
  const tick = useMemo(
    () =>
      tickable
        ? (path: Path) => {
            toggleCheckItem(editor, path);
            onCheckToggleRef.current?.(slateToLexical(editor.children));
          }
        : null,
    [editor, tickable],
  );

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      handleEditorKeyDown(editor, event);
    },
    [editor],
  );

  return (
    <Box sx={editorSx} className="description-editor" onBlur={flush}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={markChanged}>
        {!readOnly && <Toolbar />}
        <CheckToggleContext.Provider value={tick}>
          <Content readOnly={readOnly} onKeyDown={onKeyDown} />
        </CheckToggleContext.Provider>
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
      // Read-only, Slate renders no role; a named region (not a bare div with a label, which ARIA forbids) lets
      // the description be found by name. Only passed when read-only: an undefined `role` would also replace
      // Slate's own 'textbox' (docs/responsive.md "Accessibility").
      {...(readOnly ? { role: 'region' } : {})}
      aria-label={t.label}
      aria-multiline={readOnly ? undefined : true}
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
