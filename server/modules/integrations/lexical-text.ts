/**
 * Plain text of a Lexical description (the item's `content`: '' or serialized editor state, validated on save —
 * items/service.ts `assertContent`) for places that cannot render it: the body of a GitHub issue. One line per
 * top-level block (paragraph, heading, quote, code); list items become `- ` / `1. ` lines, indented two spaces per
 * nesting level; `linebreak` nodes break the line; empty paragraphs keep their blank line. Unknown nodes contribute
 * their text. Malformed content renders as ''. Iterative (deep nesting is safe).
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const childrenOf = (node: Record<string, unknown>): unknown[] =>
  Array.isArray(node.children) ? (node.children as unknown[]) : [];

/** The inline text of `node`'s subtree (text nodes, tabs, line breaks), nested lists excluded. */
function inlineText(node: Record<string, unknown>): string {
  let out = '';
  const stack: unknown[] = [...childrenOf(node)].reverse();
  while (stack.length > 0) {
    const current = stack.pop();
    if (!isObject(current)) continue;
    if (current.type === 'list') continue;
    if (current.type === 'linebreak') out += '\n';
    else if (current.type === 'tab') out += '\t';
    else if (typeof current.text === 'string') out += current.text;
    for (const child of [...childrenOf(current)].reverse()) stack.push(child);
  }
  return out;
}

export function lexicalToPlainText(content: string): string {
  if (content.trim() === '') return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return '';
  }
  if (!isObject(parsed) || !isObject(parsed.root)) return '';
  const lines: string[] = [];
  // Work items: a block, or a list with its depth; processed in document order.
  const stack: Array<{ node: unknown; depth: number }> = childrenOf(parsed.root)
    .map((node) => ({ node, depth: -1 }))
    .reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isObject(node)) continue;
    if (node.type === 'list') {
      const numbered = node.listType === 'number';
      const start = typeof node.start === 'number' ? node.start : 1;
      const items = childrenOf(node).filter(isObject);
      const work: Array<{ node: unknown; depth: number }> = [];
      let index = 0;
      for (const listItem of items) {
        const nested = childrenOf(listItem).filter((c) => isObject(c) && c.type === 'list');
        const text = inlineText(listItem);
        if (text !== '' || nested.length === 0) {
          const marker = numbered ? `${start + index}. ` : '- ';
          index += 1;
          work.push({ node: { type: '__line', text: `${'  '.repeat(depth + 1)}${marker}${text}` }, depth });
        }
        for (const list of nested) work.push({ node: list, depth: depth + 1 });
      }
      for (const item of work.reverse()) stack.push(item);
    } else if (node.type === '__line') {
      lines.push(node.text as string);
    } else {
      lines.push(inlineText(node));
    }
  }
  return lines.join('\n').replace(/\s+$/, '');
}

/** A Lexical text node as the editor serializes it (plain, unformatted). */
const textNode = (text: string) => ({
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text,
  type: 'text',
  version: 1,
});

/** A Lexical paragraph holding one line of text (none for an empty line), as the editor serializes it. */
const paragraphNode = (line: string) => ({
  children: line === '' ? [] : [textNode(line)],
  direction: line === '' ? null : 'ltr',
  format: '',
  indent: 0,
  type: 'paragraph',
  version: 1,
  textFormat: 0,
  textStyle: '',
});

/**
 * The reverse of `lexicalToPlainText` for text from outside (a GitHub issue body): a serialized Lexical state with
 * one paragraph per line (`\r\n` and `\r` count as line breaks; trailing blank lines dropped). Empty or blank
 * text → '' (the empty description). The result stays within `maxBytes` of UTF-8 (the description limit): lines
 * that would not fit are left out, the last kept one cut by code points.
 */
export function plainTextToLexical(text: string, maxBytes: number): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n');
  if (lines.length === 1 && lines[0]!.trim() === '') return '';
  const head = '{"root":{"children":[';
  const tail = '],"direction":null,"format":"","indent":0,"type":"root","version":1}}';
  let used = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const parts: string[] = [];
  for (const line of lines) {
    const separator = parts.length === 0 ? 0 : 1;
    const part = JSON.stringify(paragraphNode(line));
    const size = Buffer.byteLength(part) + separator;
    if (used + size <= maxBytes) {
      parts.push(part);
      used += size;
      continue;
    }
    // Cut this line to what still fits (JSON escaping can only grow a line, so halve until it fits).
    let chars = Array.from(line);
    while (chars.length > 0) {
      chars = chars.slice(0, Math.floor(chars.length / 2));
      const cut = JSON.stringify(paragraphNode(chars.join('')));
      if (chars.length > 0 && used + Buffer.byteLength(cut) + separator <= maxBytes) {
        parts.push(cut);
        break;
      }
    }
    break;
  }
  return `${head}${parts.join(',')}${tail}`;
}
