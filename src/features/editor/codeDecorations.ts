import { Node, type DecoratedRange, type NodeEntry } from 'slate';
import { highlightCode } from './codeHighlight';
import { isCodeBlock } from './editorCommands';

/** Syntax colours of code blocks: `codeHighlight` tokens of the whole block, as ranges on its lines. */
export function decorate([node, path]: NodeEntry): DecoratedRange[] {
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
