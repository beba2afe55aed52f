import type { BaseEditor, Descendant, Editor, Element } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/**
 * The Slate document model of an item description (docs/product.md "Description").
 * The stored form is the earlier product's Lexical JSON; `lexical.ts` converts both ways. This module is the
 * model only: types, the mark ↔ Lexical format-bit table, the empty value and the schema plugin every editor
 * instance must carry (`withDescriptionSchema`).
 *
 * ```text
 * editor.children: Block[]                               Lexical (root.children)
 *   paragraph { indent? } → FormattedText[]              paragraph { indent }
 *   bulleted-list | numbered-list { start } | check-list list { listType bullet|number|check, start, tag }
 *     → list-item { checked? } → FormattedText[]            listitem { checked?, value }
 *     → list-item               → [nested list]             listitem whose only child is a list (nesting)
 *   code-block { language? } → code-line → [plain text]  code → code-highlight | tab | linebreak
 *   horizontal-rule (void) → [{ text: '' }]              horizontalrule
 * ```
 *
 * Decisions (the editor UI builds on these):
 *
 * - **Soft line breaks are `\n` inside text**, not an inline element. Shift+Enter is `editor.insertText('\n')`
 *   and `<Editable>` already renders with `white-space: pre-wrap`. This keeps paragraphs free of inline voids,
 *   which matters for Hangul IME composition and caret movement. A Lexical `linebreak` has no format, so on load
 *   a `\n` takes the marks of the nearest character before it in its block (after it when the break opens the
 *   block; none in an otherwise empty block), which lets Slate merge it into that leaf. Marks on a `\n` are
 *   therefore not stored — they are invisible anyway.
 * - **Tab characters** `\t` are plain characters in text; they are stored as Lexical `tab` nodes, as Lexical
 *   itself inserts them. The code block's indent unit is one `\t` (`CODE_INDENT`), like Lexical's code indent.
 * - **Code blocks hold one `code-line` element per line** (the layout of Slate's own code-highlighting example):
 *   Enter splits a line with Slate's default `splitNodes`, Tab/Shift-Tab indent or outdent every `code-line` the
 *   selection touches (`Editor.nodes({ match: isCodeLine })`), the code button's "merge the selected blocks into
 *   one code block" is `setNodes(code-line)` + `wrapNodes(code-block)`, and per-line decoration (syntax colours)
 *   needs no offset bookkeeping across `\n`. Code lines carry no marks; a line never contains `\n`.
 * - **Lists nest the way Lexical does**: a nested list lives in its own `list-item` whose only child is that
 *   list, placed after the item it visually belongs to. A list item therefore has either text children or
 *   exactly one list child (Slate requires an element's children to be all inline or all block). The depth is
 *   the structure; Lexical's `listitem.indent` and `value` are derived when saving.
 * - **`checked`** exists only on text items of a `check-list` (always a boolean there); drops it when
 *   the list is not a check list.
 * - **Marks** mirror Lexical's text-format bitmask (`FORMAT_BITS`). The toolbar only offers bold, italic,
 *   underline and inline code; strikethrough, subscript, superscript and highlight are kept (the editor should
 * render them) so documents from the earlier product survive a round trip. Lexical's text-transform bits (256
 * lowercase, 512 uppercase, 1024 capitalize) are not modelled and are dropped on load.
 * - **Canonical form** (what `lexicalToSlate` returns and what Slate's normaliser keeps unchanged): marks appear
 *   only as `true`; adjacent leaves differ in marks; an empty leaf exists only as the single, unmarked child of
 *   an empty element (Lexical stores no marks for an empty block); `paragraph.indent` is a positive integer or
 *   absent; `numbered-list.start` is an integer; `code-block.language` is a non-empty string or absent.
 */

export const MARK_KEYS = [
  'bold',
  'italic',
  'strikethrough',
  'underline',
  'code',
  'subscript',
  'superscript',
  'highlight',
] as const;
export type MarkKey = (typeof MARK_KEYS)[number];

/** Lexical's `TextNode.format` bits for each mark. */
export const FORMAT_BITS: Readonly<Record<MarkKey, number>> = {
  bold: 1,
  italic: 2,
  strikethrough: 4,
  underline: 8,
  code: 16,
  subscript: 32,
  superscript: 64,
  highlight: 128,
};
/** Every bit we model (255); other bits are dropped on load. */
export const MODELLED_FORMAT_MASK = MARK_KEYS.reduce((mask, key) => mask | FORMAT_BITS[key], 0);

export type Marks = { [K in MarkKey]?: boolean };

/** A text leaf. A mark is set when its key is `true`; canonical values never hold `false`. */
export interface FormattedText extends Marks {
  text: string;
}

export interface ParagraphElement {
  type: 'paragraph';
  /** Tab-indent level (Lexical `indent`), a positive integer; absent means 0. */
  indent?: number;
  children: FormattedText[];
}

export interface BulletedListElement {
  type: 'bulleted-list';
  children: ListItemElement[];
}

export interface NumberedListElement {
  type: 'numbered-list';
  /** The number of the first item (Lexical `start`, usually 1). */
  start: number;
  children: ListItemElement[];
}

export interface CheckListElement {
  type: 'check-list';
  children: ListItemElement[];
}

export type ListElement = BulletedListElement | NumberedListElement | CheckListElement;
export type ListElementType = ListElement['type'];

/**
 * A list item holds either text (a visible item) or exactly one nested list (a nesting item: no marker, no
 * checkbox, no number of its own — Lexical's shape).
 */
export interface ListItemElement {
  type: 'list-item';
  /** Only on text items of a check list, where it is always a boolean. */
  checked?: boolean;
  children: FormattedText[] | ListElement[];
}

export interface CodeBlockElement {
  type: 'code-block';
  /** Prism language name as Lexical stores it (`javascript` by default); absent when the document had none. */
  language?: string;
  children: CodeLineElement[];
}

/** One line of a code block: a single unmarked text leaf without `\n` (it may contain `\t`). */
export interface CodeLineElement {
  type: 'code-line';
  children: FormattedText[];
}

/** A void block; its only child is `{ text: '' }` as Slate requires. */
export interface HorizontalRuleElement {
  type: 'horizontal-rule';
  children: FormattedText[];
}

/** The elements allowed directly in the document. */
export type BlockElement = ParagraphElement | ListElement | CodeBlockElement | HorizontalRuleElement;
export type BlockType = BlockElement['type'];
/** Every element of the model. */
export type DescriptionElement = BlockElement | ListItemElement | CodeLineElement;

/** A description as Slate holds it (`editor.children`). */
export type SlateValue = BlockElement[];

export type DescriptionEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: DescriptionEditor;
    Element: DescriptionElement;
    Text: FormattedText;
  }
}

/** The code language Lexical's code plugin defaults to; new code blocks get it. */
export const DEFAULT_CODE_LANGUAGE = 'javascript';
/** What Tab inserts at the start of a code line (and Shift-Tab removes). */
export const CODE_INDENT = '\t';

export const LIST_TYPES: readonly ListElementType[] = ['bulleted-list', 'numbered-list', 'check-list'];

export function isListElement(node: Descendant | undefined): node is ListElement {
  return !!node && 'type' in node && (LIST_TYPES as readonly string[]).includes(node.type);
}

/** A fresh empty description: one empty paragraph. */
export function createEmptyValue(): SlateValue {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

/**
 * The schema every description editor needs: the horizontal rule is a void block (there are no inline
 * elements). Wrap it like any plugin: `withDescriptionSchema(withHistory(withReact(createEditor())))`.
 */
export function withDescriptionSchema<T extends Editor>(editor: T): T {
  const { isVoid } = editor;
  editor.isVoid = (element: Element) => element.type === 'horizontal-rule' || isVoid(element);
  return editor;
}
