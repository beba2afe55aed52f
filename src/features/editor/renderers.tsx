import { useContext, type KeyboardEvent } from 'react';
import { Text } from 'slate';
import {
  ReactEditor,
  useReadOnly,
  useSelected,
  useSlateStatic,
  type RenderChunkProps,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from 'slate-react';
import { copy } from '../../shared/copy';
import type { CodeTokenType } from './codeHighlight';
import { CheckToggleContext } from './checkToggleContext';
import { CHECKLIST_TOUCH_MARGIN_PX, toggleCheckItem } from './editorCommands';

/*
 * How the document renders: plain elements with class names (styled once on the container, editorStyles.ts), so
 * a 1,000-paragraph document stays cheap.
 */

const t = copy.descriptionEditor;

export function renderElement(props: RenderElementProps) {
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
  /** Read-only: ticking allowed by the page (view mode) or not at all. */
  const tick = useContext(CheckToggleContext);
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
  const tickable = readOnly && tick !== null;
  const toggle = () => {
    const path = ReactEditor.findPath(editor, element);
    if (!readOnly) toggleCheckItem(editor, path);
    else tick?.(path);
  };
  // Read-only boxes are outside any editable text, so they take the focus themselves (Space / Enter tick).
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (!tickable || (event.key !== ' ' && event.key !== 'Enter')) return;
    event.preventDefault();
    toggle();
  };
  return (
    <li {...attributes} className={checked ? 'me-check-item me-checked' : 'me-check-item'}>
      <span
        contentEditable={false}
        className="me-checkbox"
        role="checkbox"
        aria-checked={checked}
        aria-label={t.checkItem}
        aria-disabled={(readOnly && !tickable) || undefined}
        tabIndex={tickable ? 0 : undefined}
        // A 32 px square (touch margin) around the 16 px box.
        style={{ width: CHECKLIST_TOUCH_MARGIN_PX, height: CHECKLIST_TOUCH_MARGIN_PX }}
        onMouseDown={(event) => event.preventDefault()}
        onClick={toggle}
        onKeyDown={tickable ? onKeyDown : undefined}
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
export function renderChunk({ attributes, children }: RenderChunkProps) {
  return <div {...attributes}>{children}</div>;
}

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
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

export function renderPlaceholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span {...attributes} className="me-placeholder">
      {children}
    </span>
  );
}
