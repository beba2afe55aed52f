import type { Descendant } from 'slate';
import {
  isLexicalObject,
  type LexicalBlockNode,
  type LexicalCodeNode,
  type LexicalInlineNode,
  type LexicalJson,
  type LexicalListItemNode,
  type LexicalListNode,
  type LexicalParagraphNode,
  type LexicalTextNode,
} from '../../../contract/lexical';
import { highlightCode } from './codeHighlight';
import {
  createEmptyValue,
  FORMAT_BITS,
  isListElement,
  MARK_KEYS,
  MODELLED_FORMAT_MASK,
  type BlockElement,
  type CodeBlockElement,
  type FormattedText,
  type ListElement,
  type ListItemElement,
  type Marks,
  type ParagraphElement,
  type SlateValue,
} from './slateTypes';

/**
 * The converter between the Slate model (`slateTypes.ts`) and the stored description: the earlier product's
 * Lexical 0.34 serialized editor state (docs/product.md "Description").
 *
 * **Saving** (`slateToLexical`) writes every node with the fields and field order Lexical emits, so the earlier
 * product's editor opens what we save:
 * root `{children, direction, format:"", indent:0, type, version:1}`; paragraph adds `textFormat`/`textStyle`;
 * text `{detail:0, format, mode:"normal", style:"", text, type, version}`; soft breaks become `linebreak`,
 * tab characters `tab` nodes (`detail` 2, as Lexical makes them); list `{…, listType, start, tag}`; listitem
 * `{…, indent: depth, [checked], value}` with Lexical's numbering (`start` + position, a nesting item takes the
 * next number without using it up); code `{…, language}` whose children are `code-highlight` tokens (with
 * `highlightType` from `codeHighlight.ts`), `tab` and `linebreak` nodes; `horizontalrule`.
 * Cosmetic fields are derived: `direction` is `"ltr"` for a block with text of its own (and for a list or root
 * with such a child), else `null`; a paragraph's `textFormat` (the caret format when Lexical created the block,
 * unknowable here) is 0 like every paragraph of the captured documents, and `textStyle` is "". Adjacent text
 * with one format is one node and empty text is omitted, so the output is Lexical's normal form and
 * `slateToLexical(lexicalToSlate(x)) === x` for anything `slateToLexical` produced. An empty document saves as
 * `EMPTY_DESCRIPTION`.
 *
 * **Loading** (`lexicalToSlate`) validates (docs/product.md "Description") and never throws:
 * - `''` or blank → the empty value, silently (an item created without a description stores `''`);
 * - not JSON, or no `root.children` array → the empty value, and `onError` is called (the caller logs);
 * - `root.children` empty (an untouched Lexical editor) → the empty value, no error;
 * - `indent`: a paragraph's is floored to a non-negative integer (anything else → 0); a list item's is not read
 *   at all — depth comes from nesting and is written back as a non-negative integer;
 * - `format` must be a non-negative integer bitmask (else 0); bits beyond the modelled marks are dropped;
 *   `listType` falls back to the `tag` (`ol` → number, else bullet); `start` to 1; `checked` is `=== true`;
 *   a `language` that is not a non-empty string is dropped;
 * - unknown node types degrade to their text: an unknown element whose content is all inline (heading, quote,
 *   link, …) becomes a paragraph — or inline text inside one — keeping the formats of its text nodes; one with
 *   block children (tables, layouts, …) is replaced by its converted children; an unknown leaf with a `text`
 *   string is text; anything without text (an image) is dropped. Misplaced known nodes are repaired the same
 *   way: text at the root is wrapped in a paragraph, text or blocks inside a list become items, a list item's
 *   nested list after its text is split into a nesting item, a list item outside a list becomes a bullet list,
 *   empty lists are dropped;
 * - any other failure while converting → the empty value and `onError`.
 */

/** Lexical node JSON as read: anything. */
type Json = LexicalJson;

/**
 * The empty description as we save it: Lexical's serialization of one empty paragraph (the earlier product's
 * hand-written constant lacks `textFormat`/`textStyle` and loads the same).
 */
export const EMPTY_DESCRIPTION =
  '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1,' +
  '"textFormat":0,"textStyle":""}],"direction":null,"format":"","indent":0,"type":"root","version":1}}';

/** Why a stored description could not be read (passed to `onError`; the editor then starts empty). */
export class DescriptionParseError extends Error {
  override name = 'DescriptionParseError';
}

export interface LexicalToSlateOptions {
  /** Called when the description is not a readable Lexical state (the caller logs it). */
  onError?: (error: DescriptionParseError) => void;
}

// ---------------------------------------------------------------------------------------------------------
// Loading: Lexical JSON → Slate
// ---------------------------------------------------------------------------------------------------------

export function lexicalToSlate(json: string, options: LexicalToSlateOptions = {}): SlateValue {
  const fail = (message: string, cause?: unknown): SlateValue => {
    options.onError?.(new DescriptionParseError(message, cause === undefined ? undefined : { cause }));
    return createEmptyValue();
  };
  if (typeof json !== 'string' || json.trim() === '') return createEmptyValue();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return fail('The description is not valid JSON.', error);
  }
  const root = isJson(parsed) ? parsed.root : undefined;
  if (!isJson(root) || !Array.isArray(root.children)) {
    return fail('The description has no root.children array.');
  }
  if (root.children.length === 0) return createEmptyValue();
  try {
    const blocks = toBlocks(root.children);
    return blocks.length > 0 ? blocks : createEmptyValue();
  } catch (error) {
    return fail('The description could not be converted.', error);
  }
}

const isJson = isLexicalObject;

const typeOf = (node: Json): string => (typeof node.type === 'string' ? node.type : '');
const childrenOf = (node: Json): unknown[] | null => (Array.isArray(node.children) ? node.children : null);

/** Leaf nodes that carry text: Lexical's text, tab and code-highlight, or any unknown node with a `text`. */
const TEXT_LEAF_TYPES = new Set(['text', 'tab', 'code-highlight']);
/** Block types the converter understands (each is converted by its own rule wherever it appears). */
const KNOWN_BLOCK_TYPES = new Set(['paragraph', 'list', 'listitem', 'code', 'horizontalrule', 'root']);

function isTextLeaf(node: Json): boolean {
  const type = typeOf(node);
  if (TEXT_LEAF_TYPES.has(type)) return true;
  return (
    !KNOWN_BLOCK_TYPES.has(type) && type !== 'linebreak' && !childrenOf(node) && typeof node.text === 'string'
  );
}

/** Text leaves, line breaks, and unknown elements whose descendants are all inline. */
function isInlineContent(node: unknown): boolean {
  if (!isJson(node)) return true; // ignored wherever it appears
  const type = typeOf(node);
  if (type === 'linebreak' || isTextLeaf(node)) return true;
  if (KNOWN_BLOCK_TYPES.has(type)) return false;
  const children = childrenOf(node);
  return children === null ? true : children.every(isInlineContent);
}

function toBlocks(nodes: readonly unknown[]): BlockElement[] {
  const blocks: BlockElement[] = [];
  let inline: Json[] = [];
  const flushInline = () => {
    if (inline.length > 0) blocks.push(paragraph(textLeaves(inline), 0));
    inline = [];
  };
  for (const node of nodes) {
    if (!isJson(node)) continue;
    const type = typeOf(node);
    if (type === 'linebreak' || isTextLeaf(node)) {
      inline.push(node);
      continue;
    }
    flushInline();
    const children = childrenOf(node);
    switch (type) {
      case 'paragraph':
        blocks.push(paragraph(textLeaves(children ?? []), node.indent));
        break;
      case 'list': {
        const list = toList(node);
        if (list) blocks.push(list);
        break;
      }
      case 'listitem': {
        const list = toList({ type: 'list', listType: 'bullet', children: [node] });
        if (list) blocks.push(list);
        break;
      }
      case 'code':
        blocks.push(toCodeBlock(node));
        break;
      case 'horizontalrule':
        blocks.push({ type: 'horizontal-rule', children: [{ text: '' }] });
        break;
      default:
        // Unknown (or a nested root): inline content → a paragraph; block content → its converted children.
        if (children === null) break; // no text, no children (e.g. an image): nothing to keep
        if (children.every(isInlineContent)) blocks.push(paragraph(textLeaves(children), 0));
        else blocks.push(...toBlocks(children));
    }
  }
  flushInline();
  return blocks;
}

function paragraph(children: FormattedText[], indent: unknown): ParagraphElement {
  const level = toIndent(indent);
  return level > 0 ? { type: 'paragraph', indent: level, children } : { type: 'paragraph', children };
}

/** A non-negative integer indent; anything else is 0. */
function toIndent(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function toStart(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 1;
}

/** The bitmask, restricted to the modelled marks; a value that is not a non-negative integer is 0. */
function toFormat(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value & MODELLED_FORMAT_MASK : 0;
}

function marksOf(format: number): Marks {
  const marks: Marks = {};
  for (const key of MARK_KEYS) if (format & FORMAT_BITS[key]) marks[key] = true;
  return marks;
}

type Segment = { text: string; format: number } | 'break';

/**
 * How a node contributes text wherever it sits: a line break; a text leaf (its `text`; a `tab` without one is
 * `\t`; a known leaf type ignores any `children`); nothing (a horizontal rule, or no text and no children); or
 * an element whose children are read in its place.
 */
function textRole(node: Json): 'break' | 'text' | 'skip' | 'element' {
  const type = typeOf(node);
  if (type === 'linebreak') return 'break';
  if (type === 'horizontalrule') return 'skip';
  if (isTextLeaf(node)) return 'text';
  return childrenOf(node) ? 'element' : 'skip';
}

const leafText = (node: Json): string =>
  typeof node.text === 'string' ? node.text : typeOf(node) === 'tab' ? '\t' : '';

/** Inline nodes (any depth of unknown wrappers) → text segments and breaks. */
function collectSegments(nodes: readonly unknown[], into: Segment[]): Segment[] {
  for (const node of nodes) {
    if (!isJson(node)) continue;
    switch (textRole(node)) {
      case 'break':
        into.push('break');
        break;
      case 'text': {
        const format = toFormat(node.format);
        leafText(node)
          .split('\n')
          .forEach((part, index) => {
            if (index > 0) into.push('break');
            if (part) into.push({ text: part, format });
          });
        break;
      }
      case 'element':
        collectSegments(childrenOf(node) ?? [], into);
        break;
      default:
    }
  }
  return into;
}

/**
 * Inline Lexical nodes → canonical Slate leaves. A break becomes `\n` with the format of the nearest text
 * before it in this block, else after it, else none; then equal formats merge.
 */
function textLeaves(nodes: readonly unknown[]): FormattedText[] {
  const segments = collectSegments(nodes, []);
  const formats: number[] = new Array<number>(segments.length);
  let previous: number | null = null;
  segments.forEach((segment, index) => {
    if (segment !== 'break') previous = segment.format;
    formats[index] = segment === 'break' ? (previous ?? -1) : segment.format;
  });
  let next = 0;
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    if (formats[index] === -1) formats[index] = next;
    else if (segments[index] !== 'break') next = formats[index]!;
  }
  const leaves: FormattedText[] = [];
  let lastFormat = -1;
  segments.forEach((segment, index) => {
    const text = segment === 'break' ? '\n' : segment.text;
    const format = formats[index]!;
    const last = leaves[leaves.length - 1];
    if (last && format === lastFormat) last.text += text;
    else leaves.push({ text, ...marksOf(format) });
    lastFormat = format;
  });
  return leaves.length > 0 ? leaves : [{ text: '' }];
}

type ListKind = 'bullet' | 'number' | 'check';

function listKindOf(node: Json): ListKind {
  const listType = node.listType;
  if (listType === 'bullet' || listType === 'number' || listType === 'check') return listType;
  return node.tag === 'ol' ? 'number' : 'bullet';
}

function toList(node: Json): ListElement | null {
  const kind = listKindOf(node);
  const items: ListItemElement[] = [];
  for (const child of childrenOf(node) ?? []) {
    if (!isJson(child)) continue;
    const type = typeOf(child);
    if (type === 'listitem') {
      items.push(...toListItems(child, kind));
    } else if (type === 'list') {
      const nested = toList(child);
      if (nested) items.push({ type: 'list-item', children: [nested] });
    } else {
      // Text, a paragraph or an unknown node directly in a list: an item with its text.
      const leaves = textLeaves([child]);
      if (leaves.length > 1 || leaves[0]!.text !== '') items.push(textItem(leaves, kind, false));
    }
  }
  if (items.length === 0) return null;
  switch (kind) {
    case 'number':
      return { type: 'numbered-list', start: toStart(node.start), children: items };
    case 'check':
      return { type: 'check-list', children: items };
    default:
      return { type: 'bulleted-list', children: items };
  }
}

function textItem(children: FormattedText[], kind: ListKind, checked: boolean): ListItemElement {
  return kind === 'check' ? { type: 'list-item', checked, children } : { type: 'list-item', children };
}

/**
 * One Lexical listitem → Slate items: its text as one item, each nested list as a nesting item, in order
 * (Lexical's own shape yields exactly one of the two).
 */
function toListItems(node: Json, kind: ListKind): ListItemElement[] {
  const items: ListItemElement[] = [];
  let inline: unknown[] = [];
  const flushText = () => {
    if (inline.length > 0) items.push(textItem(textLeaves(inline), kind, node.checked === true));
    inline = [];
  };
  for (const child of childrenOf(node) ?? []) {
    if (isJson(child) && typeOf(child) === 'list') {
      flushText();
      const nested = toList(child);
      if (nested) items.push({ type: 'list-item', children: [nested] });
    } else {
      inline.push(child);
    }
  }
  flushText();
  return items.length > 0 ? items : [textItem([{ text: '' }], kind, node.checked === true)];
}

function toCodeBlock(node: Json): CodeBlockElement {
  const lines = [''];
  const walk = (nodes: readonly unknown[]) => {
    for (const child of nodes) {
      if (!isJson(child)) continue;
      switch (textRole(child)) {
        case 'break':
          lines.push('');
          break;
        case 'text':
          leafText(child)
            .split('\n')
            .forEach((part, index) => {
              if (index > 0) lines.push('');
              lines[lines.length - 1] += part;
            });
          break;
        case 'element':
          walk(childrenOf(child) ?? []);
          break;
        default:
      }
    }
  };
  walk(childrenOf(node) ?? []);
  const children = lines.map((line) => ({ type: 'code-line' as const, children: [{ text: line }] }));
  const language = node.language;
  return typeof language === 'string' && language !== ''
    ? { type: 'code-block', language, children }
    : { type: 'code-block', children };
}

// ---------------------------------------------------------------------------------------------------------
// Saving: Slate → Lexical JSON
// ---------------------------------------------------------------------------------------------------------

/**
 * The description to store. Accepts whatever the editor holds (`editor.children`) and repairs what does not fit
 * the model the way loading does (text at the top level → paragraph, unknown or misplaced elements → their
 * text or their converted children, empty lists dropped), so the result always loads back.
 */
export function slateToLexical(value: readonly Descendant[]): string {
  // Runs after every pause in typing: top-level blocks Slate did not touch keep their object identity, so their
  // Lexical JSON comes from `BLOCK_CACHE` and only edited blocks are converted again. A run of bare text nodes at
  // the top level (not produced by the editor's schema) is converted as before, uncached.
  const parts: { json: string; ltr: boolean }[] = [];
  let loose: Descendant[] = [];
  const flushLoose = () => {
    for (const block of blocksToLexical(loose)) parts.push(blockPart(block));
    loose = [];
  };
  for (const node of value) {
    if (isText(node)) {
      loose.push(node);
      continue;
    }
    flushLoose();
    let cached = BLOCK_CACHE.get(node);
    if (!cached) {
      cached = blocksToLexical([node]).map(blockPart);
      BLOCK_CACHE.set(node, cached);
    }
    parts.push(...cached);
  }
  flushLoose();
  if (parts.length === 0) return EMPTY_DESCRIPTION;
  // Byte for byte what `JSON.stringify({ root: { children, direction, format, indent, type, version } })` gives.
  const direction = parts.some((part) => part.ltr) ? '"ltr"' : 'null';
  return `{"root":{"children":[${parts.map((part) => part.json).join(',')}],"direction":${direction},"format":"","indent":0,"type":"root","version":1}}`;
}

/** One converted top-level block: its JSON text and whether it counts towards the root's `direction: 'ltr'`. */
interface BlockPart {
  json: string;
  ltr: boolean;
}

const BLOCK_CACHE = new WeakMap<Descendant, BlockPart[]>();

const blockPart = (block: LexicalBlockNode): BlockPart => ({
  json: JSON.stringify(block),
  ltr: 'direction' in block && block.direction === 'ltr',
});

const isText = (node: Descendant): node is FormattedText =>
  !('type' in node) && typeof node.text === 'string';

function formatOf(leaf: FormattedText): number {
  let format = 0;
  for (const key of MARK_KEYS) if (leaf[key]) format |= FORMAT_BITS[key];
  return format;
}

/** All text under a node, `\n` between the lines of a code block's lines. */
function plainText(node: Descendant): string {
  if (isText(node)) return node.text;
  const separator = node.type === 'code-block' ? '\n' : '';
  return (node.children as Descendant[]).map(plainText).join(separator);
}

function blocksToLexical(nodes: readonly Descendant[]): LexicalBlockNode[] {
  const out: LexicalBlockNode[] = [];
  let texts: FormattedText[] = [];
  const flushTexts = () => {
    if (texts.length > 0) out.push(paragraphNode(texts, 0));
    texts = [];
  };
  for (const node of nodes) {
    if (isText(node)) {
      texts.push(node);
      continue;
    }
    flushTexts();
    switch (node.type) {
      case 'paragraph':
        out.push(paragraphNode(inlineLeaves(node.children), node.indent));
        break;
      case 'bulleted-list':
      case 'numbered-list':
      case 'check-list': {
        const list = listNode(node, 0);
        if (list) out.push(list);
        break;
      }
      case 'code-block':
        out.push(codeNode(node));
        break;
      case 'horizontal-rule':
        out.push({ type: 'horizontalrule', version: 1 });
        break;
      default: {
        // A list item or code line out of place, or a type this module does not know.
        const children = (node as { children?: Descendant[] }).children ?? [];
        if (children.some((child) => !isText(child))) out.push(...blocksToLexical(children));
        else out.push(paragraphNode(inlineLeaves(children), 0));
      }
    }
  }
  flushTexts();
  return out;
}

/** Text leaves of an element (nested elements, which the model does not allow there, give their text). */
function inlineLeaves(children: readonly Descendant[]): FormattedText[] {
  return children.flatMap((child) => (isText(child) ? [child] : [{ text: plainText(child) }]));
}

function textNode(text: string, format: number, type: LexicalTextNode['type'] = 'text'): LexicalTextNode {
  return { detail: type === 'tab' ? 2 : 0, format, mode: 'normal', style: '', text, type, version: 1 };
}

/** Leaves → Lexical inline nodes: `\n` → linebreak, `\t` → tab, equal formats merged, empty text omitted. */
function inlineNodes(leaves: readonly FormattedText[]): LexicalInlineNode[] {
  const nodes: LexicalInlineNode[] = [];
  for (const leaf of leaves) {
    const format = formatOf(leaf);
    for (const part of leaf.text.split(/(\n|\t)/)) {
      if (part === '') continue;
      if (part === '\n') {
        nodes.push({ type: 'linebreak', version: 1 });
      } else if (part === '\t') {
        nodes.push(textNode('\t', format, 'tab'));
      } else {
        const last = nodes[nodes.length - 1];
        if (last && last.type === 'text' && last.format === format) last.text += part;
        else nodes.push(textNode(part, format));
      }
    }
  }
  return nodes;
}

const hasOwnText = (children: readonly (LexicalInlineNode | LexicalBlockNode | LexicalListNode)[]) =>
  children.some((child) => 'text' in child && child.text !== '');
const ownDirection = (children: readonly LexicalInlineNode[]): 'ltr' | null =>
  hasOwnText(children) ? 'ltr' : null;
const containerDirection = (children: readonly (LexicalBlockNode | LexicalListItemNode)[]): 'ltr' | null =>
  children.some((child) => 'direction' in child && child.direction === 'ltr') ? 'ltr' : null;

function paragraphNode(leaves: readonly FormattedText[], indent: unknown): LexicalParagraphNode {
  const children = inlineNodes(leaves);
  return {
    children,
    direction: ownDirection(children),
    format: '',
    indent: toIndent(indent),
    type: 'paragraph',
    version: 1,
    textFormat: 0,
    textStyle: '',
  };
}

const LIST_KINDS: Record<ListElement['type'], ListKind> = {
  'bulleted-list': 'bullet',
  'numbered-list': 'number',
  'check-list': 'check',
};

function listNode(list: ListElement, depth: number): LexicalListNode | null {
  const listType = LIST_KINDS[list.type];
  const start = list.type === 'numbered-list' ? toStart(list.start) : 1;
  const items: LexicalListItemNode[] = [];
  let value = start;
  const item = (children: LexicalListItemNode['children'], nesting: boolean, checked: unknown) => {
    items.push({
      children,
      direction: nesting ? null : ownDirection(children as LexicalInlineNode[]),
      format: '',
      indent: depth,
      type: 'listitem',
      version: 1,
      ...(listType === 'check' ? { checked: checked === true } : {}),
      value,
    });
    if (!nesting) value += 1; // Lexical: a nesting item shows no number and does not use one up
  };
  const nestingItem = (nested: ListElement) => {
    const child = listNode(nested, depth + 1);
    if (child) item([child], true, false);
  };
  for (const child of list.children as Descendant[]) {
    if (isText(child)) {
      item(inlineNodes([child]), false, false);
    } else if (isListElement(child)) {
      nestingItem(child); // a list directly inside a list: give it its nesting item
    } else if (child.type === 'list-item') {
      const blocks = child.children as Descendant[];
      if (blocks.every(isText)) {
        item(inlineNodes(blocks), false, child.checked);
      } else {
        for (const block of blocks) {
          if (isListElement(block)) nestingItem(block);
          else item(inlineNodes([{ text: plainText(block) }]), false, false);
        }
      }
    } else {
      item(inlineNodes([{ text: plainText(child) }]), false, false);
    }
  }
  if (items.length === 0) return null;
  return {
    children: items,
    direction: containerDirection(items),
    format: '',
    indent: 0,
    type: 'list',
    version: 1,
    listType,
    start,
    tag: listType === 'number' ? 'ol' : 'ul',
  };
}

function codeNode(block: CodeBlockElement): LexicalCodeNode {
  const lines = (block.children as Descendant[]).map(plainText);
  const language = typeof block.language === 'string' && block.language !== '' ? block.language : undefined;
  const children: LexicalInlineNode[] = [];
  for (const token of highlightCode(lines.join('\n'), language)) {
    for (const part of token.text.split(/(\n|\t)/)) {
      if (part === '') continue;
      if (part === '\n') children.push({ type: 'linebreak', version: 1 });
      else if (part === '\t') children.push(textNode('\t', 0, 'tab'));
      else {
        const node = textNode(part, 0, 'code-highlight');
        children.push(token.type ? { ...node, highlightType: token.type } : node);
      }
    }
  }
  const node: LexicalCodeNode = {
    children,
    direction: ownDirection(children),
    format: '',
    indent: 0,
    type: 'code',
    version: 1,
  };
  return language === undefined ? node : { ...node, language };
}

// ---------------------------------------------------------------------------------------------------------
// Helpers for callers
// ---------------------------------------------------------------------------------------------------------

/**
 * Whether a description shows nothing: only paragraphs, and no text but whitespace. Accepts the Slate value or
 * the stored JSON (unreadable JSON counts as empty, as it loads empty).
 */
export function isDescriptionEmpty(value: readonly Descendant[] | string): boolean {
  const blocks = typeof value === 'string' ? lexicalToSlate(value) : value;
  return blocks.every((node) => !isText(node) && node.type === 'paragraph' && plainText(node).trim() === '');
}

/** Load-and-save a stored description: the validated, normal-form JSON that `slateToLexical` would write. */
export function normalizeDescription(json: string, options: LexicalToSlateOptions = {}): string {
  return slateToLexical(lexicalToSlate(json, options));
}
