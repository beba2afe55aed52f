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
