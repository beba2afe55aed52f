/**
 * The item description format: Lexical's serialized editor state (the earlier product's editor; docs/product.md
 * "Description"). An item's `content` is '' (no description) or such a JSON string. This module is the one place
 * that knows its node shapes and how to walk, check, read and build it — shared by the server (validation on save,
 * the GitHub issue body, GitHub issue bodies coming back) and usable by the client's editor converter. It carries
 * no zod and no Node API, so the client may import values from it.
 */

/** A text leaf: `text`, a `tab` (its text is a tab character) or a code block's `code-highlight` token. */
export interface LexicalTextNode {
  detail: number;
  format: number;
  mode: 'normal';
  style: '';
  text: string;
  type: 'text' | 'tab' | 'code-highlight';
  version: 1;
  highlightType?: string;
}
export interface LexicalLineBreakNode {
  type: 'linebreak';
  version: 1;
}
export type LexicalInlineNode = LexicalTextNode | LexicalLineBreakNode;
/** Fields every element node carries (`direction` is `"ltr"` for an element with text, else null). */
export interface LexicalElementBase {
  direction: 'ltr' | null;
  format: '';
  indent: number;
  version: 1;
}
export interface LexicalParagraphNode extends LexicalElementBase {
  children: LexicalInlineNode[];
  type: 'paragraph';
  textFormat: number;
  textStyle: '';
}
export interface LexicalListNode extends LexicalElementBase {
  children: LexicalListItemNode[];
  type: 'list';
  listType: 'bullet' | 'number' | 'check';
  start: number;
  tag: 'ul' | 'ol';
}
export interface LexicalListItemNode extends LexicalElementBase {
  children: LexicalInlineNode[] | LexicalListNode[];
  type: 'listitem';
  checked?: boolean;
  value: number;
}
export interface LexicalCodeNode extends LexicalElementBase {
  children: LexicalInlineNode[];
  type: 'code';
  language?: string;
}
export interface LexicalHorizontalRuleNode {
  type: 'horizontalrule';
  version: 1;
}
export type LexicalBlockNode =
  LexicalParagraphNode | LexicalListNode | LexicalCodeNode | LexicalHorizontalRuleNode;
export interface LexicalRootNode extends LexicalElementBase {
  children: LexicalBlockNode[];
  type: 'root';
}
/** A description as we write it. What we read may hold any node (`LexicalJson`): other editors wrote some. */
export interface SerializedDescription {
  root: LexicalRootNode;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading: any JSON, never trusted
// ---------------------------------------------------------------------------------------------------------------

/** A node as read: any JSON object. */
export type LexicalJson = Record<string, unknown>;

/** Whether `value` is a JSON object (a node can be nothing else). */
export const isLexicalObject = (value: unknown): value is LexicalJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `node.children` when it is an array, else `[]`. */
export const lexicalChildren = (node: LexicalJson): unknown[] =>
  Array.isArray(node.children) ? (node.children as unknown[]) : [];

/**
 * The nodes of `nodes` and of their subtrees, in document order (depth-first, parents before children). Descends
 * into `children` arrays of object nodes only; a node for which `skip` is true is neither yielded nor descended
 * into. Iterative, so deeply nested (or hostile) documents cannot overflow the stack.
 */
export function* walkLexical(
  nodes: readonly unknown[],
  skip: (node: LexicalJson) => boolean = () => false,
): Generator<unknown> {
  const stack: unknown[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (isLexicalObject(node)) {
      if (skip(node)) continue;
      yield node;
      const children = node.children;
      if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
    } else {
      yield node;
    }
  }
}

/** What is wrong with a description: not a JSON object (`format`), or not shaped like an editor state (`shape`). */
export type LexicalProblem = 'format' | 'shape';

/**
 * The save rule for descriptions: '' (none) or a JSON object whose `root` is an object with a `children` array;
 * every node below is an object whose `children`, when present, is an array, and a list item's `indent`, when
 * present, is a non-negative number. Returns what is wrong, or null. Size limits are the schema's.
 */
export function lexicalProblem(content: string): LexicalProblem | null {
  if (content === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return 'format';
  }
  if (!isLexicalObject(parsed)) return 'format';
  const root = parsed.root;
  if (!isLexicalObject(root) || !Array.isArray(root.children)) return 'shape';
  for (const node of walkLexical(root.children as unknown[])) {
    if (!isLexicalObject(node)) return 'shape';
    if (node.type === 'listitem' && node.indent !== undefined) {
      if (typeof node.indent !== 'number' || !Number.isFinite(node.indent) || node.indent < 0) return 'shape';
    }
    if (node.children !== undefined && !Array.isArray(node.children)) return 'shape';
  }
  return null;
}

/** The inline text of `node`'s subtree (text nodes, tabs, line breaks), nested lists excluded. */
function inlineText(node: LexicalJson): string {
  let out = '';
  for (const current of walkLexical(lexicalChildren(node), (n) => n.type === 'list')) {
    if (!isLexicalObject(current)) continue;
    if (current.type === 'linebreak') out += '\n';
    else if (current.type === 'tab') out += '\t';
    else if (typeof current.text === 'string') out += current.text;
  }
  return out;
}

/** Plain-text lines of a list (`- ` / `1. ` markers, two spaces of indent per nesting level), nested lists included. */
function listLines(list: LexicalJson, depth: number, lines: string[]): void {
  // Explicit stack of lists still to print (deep nesting is safe); a list's lines come before its successors'.
  const stack: Array<{
    list: LexicalJson;
    depth: number;
    items: LexicalJson[];
    next: number;
    index: number;
  }> = [];
  const open = (node: LexicalJson, at: number) =>
    stack.push({
      list: node,
      depth: at,
      items: lexicalChildren(node).filter(isLexicalObject),
      next: 0,
      index: 0,
    });
  open(list, depth);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const listItem = top.items[top.next];
    if (listItem === undefined) {
      stack.pop();
      continue;
    }
    top.next += 1;
    const nested = lexicalChildren(listItem).filter(
      (c): c is LexicalJson => isLexicalObject(c) && c.type === 'list',
    );
    const text = inlineText(listItem);
    if (text !== '' || nested.length === 0) {
      const numbered = top.list.listType === 'number';
      const start = typeof top.list.start === 'number' ? top.list.start : 1;
      const marker = numbered ? `${start + top.index}. ` : '- ';
      top.index += 1;
      lines.push(`${'  '.repeat(top.depth + 1)}${marker}${text}`);
    }
    // Nested lists print right after their item, in order: push them last-first.
    for (let i = nested.length - 1; i >= 0; i -= 1) open(nested[i]!, top.depth + 1);
  }
}

/**
 * Plain text of a description for places that cannot render it (the body of a GitHub issue). One line per
 * top-level block (paragraph, heading, quote, code); list items become `- ` / `1. ` lines, indented two spaces per
 * nesting level; `linebreak` nodes break the line; empty paragraphs keep their blank line. Unknown nodes contribute
 * their text. Malformed content renders as ''.
 */
export function lexicalToPlainText(content: string): string {
  if (content.trim() === '') return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return '';
  }
  if (!isLexicalObject(parsed) || !isLexicalObject(parsed.root)) return '';
  const lines: string[] = [];
  for (const block of lexicalChildren(parsed.root)) {
    if (!isLexicalObject(block)) continue;
    if (block.type === 'list') listLines(block, -1, lines);
    else lines.push(inlineText(block));
  }
  return lines.join('\n').replace(/\s+$/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------------

/** A plain, unformatted text node as the editor serializes it. */
export const lexicalText = (text: string): LexicalTextNode => ({
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text,
  type: 'text',
  version: 1,
});

/** A paragraph holding one line of plain text (no child for an empty line), as the editor serializes it. */
export const lexicalParagraph = (line: string): LexicalParagraphNode => ({
  children: line === '' ? [] : [lexicalText(line)],
  direction: line === '' ? null : 'ltr',
  format: '',
  indent: 0,
  type: 'paragraph',
  version: 1,
  textFormat: 0,
  textStyle: '',
});

const ROOT_HEAD = '{"root":{"children":[';
const ROOT_TAIL = '],"direction":null,"format":"","indent":0,"type":"root","version":1}}';

const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;

/**
 * The reverse of `lexicalToPlainText` for text from outside (a GitHub issue body): a serialized state with one
 * paragraph per line (`\r\n` and `\r` count as line breaks; trailing blank lines dropped). Empty or blank text →
 * '' (the empty description). The result stays within `maxBytes` of UTF-8 (the description limit): lines that
 * would not fit are left out, the last kept one cut by code points.
 */
export function plainTextToLexical(text: string, maxBytes: number): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n');
  if (lines.length === 1 && lines[0]!.trim() === '') return '';
  let used = byteLength(ROOT_HEAD) + byteLength(ROOT_TAIL);
  const parts: string[] = [];
  for (const line of lines) {
    const separator = parts.length === 0 ? 0 : 1;
    const part = JSON.stringify(lexicalParagraph(line));
    const size = byteLength(part) + separator;
    if (used + size <= maxBytes) {
      parts.push(part);
      used += size;
      continue;
    }
    // Cut this line to what still fits (JSON escaping can only grow a line, so halve until it fits).
    let chars = Array.from(line);
    while (chars.length > 0) {
      chars = chars.slice(0, Math.floor(chars.length / 2));
      const cut = JSON.stringify(lexicalParagraph(chars.join('')));
      if (chars.length > 0 && used + byteLength(cut) + separator <= maxBytes) {
        parts.push(cut);
        break;
      }
    }
    break;
  }
  return `${ROOT_HEAD}${parts.join(',')}${ROOT_TAIL}`;
}
