import type { ReactNode } from 'react';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CodeIcon from '@mui/icons-material/Code';
import { Editor, Transforms } from 'slate';
import { ReactEditor, useSlateSelector, useSlateStatic } from 'slate-react';
import { copy } from '../../shared/copy';
import {
  activeBlockType,
  applyListType,
  insertHorizontalRule,
  isCodeButtonActive,
  isMarkActive,
  pressCodeButton,
  toggleMark,
} from './editorCommands';
import type { DescriptionEditor as SlateDescriptionEditor } from './slateTypes';

/* The editor's toolbar: bold, italic, underline, horizontal rule, the three lists and code. */

const t = copy.descriptionEditor;

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

/** The toolbar over the editable area (editing only); each button acts on the selection and refocuses. */
export function Toolbar() {
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
