import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { createEditor, Editor, type Descendant } from 'slate';
import {
  DescriptionParseError,
  EMPTY_DESCRIPTION,
  isDescriptionEmpty,
  lexicalToSlate,
  normalizeDescription,
  slateToLexical,
} from '../../../../src/features/editor/lexical';
import {
  createEmptyValue,
  MARK_KEYS,
  withDescriptionSchema,
  type BlockElement,
  type FormattedText,
  type ListElement,
  type ListItemElement,
  type Marks,
  type SlateValue,
} from '../../../../src/features/editor/slateTypes';

/**
 * The description converter (docs/product.md "Description").
 *
 * **Equivalence of two Lexical documents** (`lexicalShape`): the same tree of blocks with the same types;
 * paragraphs with the same `indent` and inline content; lists with the same `listType`, `start` (number lists),
 * items with the same `value`, `checked` (text items of check lists) and nesting; code with the same `language`
 * and text (line breaks and tabs included); horizontal rules. Inline content is compared as runs of text with
 * one format (bitmask restricted to the eight modelled marks) and line breaks — how text is split into nodes
 * does not matter. Ignored as cosmetic: `direction`, alignment `format`, `textFormat`/`textStyle`, `style`,
 * `mode`, `detail`, `version`, the code token boundaries and `highlightType`; `tag` and list-item `indent` are
 * derived and checked separately by `expectLexicalShape`, which holds saved JSON to the node shapes of Lexical 0.34.
 */

const SAMPLE = readFileSync(path.join(__dirname, '../../fixtures/lexical-sample.json'), 'utf8');

type Json = Record<string, unknown>;
const children = (node: unknown) => ((node as Json).children ?? []) as Json[];

// ---------------------------------------------------------------------------------------------------------
// Equivalence and shape checking
// ---------------------------------------------------------------------------------------------------------

type InlineRun = { text: string; format: number } | 'br';

function inlineShape(nodes: Json[]): InlineRun[] {
  const runs: InlineRun[] = [];
  for (const node of nodes) {
    if (node.type === 'linebreak') {
      runs.push('br');
      continue;
    }
    const text = String(node.text ?? '');
    const format = Number(node.format ?? 0) & 255;
    const last = runs[runs.length - 1];
    if (text === '') continue;
    if (last !== undefined && last !== 'br' && last.format === format) last.text += text;
    else runs.push({ text, format });
  }
  return runs;
}

function blockShape(node: Json): unknown {
  switch (node.type) {
    case 'paragraph':
      return { type: 'paragraph', indent: node.indent, inline: inlineShape(children(node)) };
    case 'list':
      return {
        type: 'list',
        listType: node.listType,
        ...(node.listType === 'number' ? { start: node.start } : {}),
        items: children(node).map((item) => {
          const [first] = children(item);
          if (children(item).length === 1 && first?.type === 'list') {
            return { value: item.value, nested: blockShape(first) };
          }
          return {
            value: item.value,
            ...(node.listType === 'check' ? { checked: item.checked } : {}),
            inline: inlineShape(children(item)),
          };
        }),
      };
    case 'code':
      return {
        type: 'code',
        language: node.language,
        text: children(node)
          .map((child) => (child.type === 'linebreak' ? '\n' : child.text))
          .join(''),
      };
    default:
      return { type: node.type };
  }
}

/** A Lexical document reduced to what equivalence compares. */
function lexicalShape(json: string): unknown {
  const root = (JSON.parse(json) as { root: Json }).root;
  return children(root).map(blockShape);
}

const ELEMENT_KEYS = ['children', 'direction', 'format', 'indent', 'type', 'version'];
const TEXT_KEYS = ['detail', 'format', 'mode', 'style', 'text', 'type', 'version'];

/**
 * Holds a saved document to Lexical 0.34's node shapes (docs/product.md "Description"), field order included. Uses
 * node:assert (fast enough for the property runs), throwing on the first mismatch.
 */
function expectLexicalShape(json: string): void {
  const doc = JSON.parse(json) as { root: Json };
  assert.deepEqual(Object.keys(doc), ['root']);
  const element = (node: Json, extra: string[]) => {
    assert.deepEqual(Object.keys(node), [...ELEMENT_KEYS, ...extra], `keys of ${node.type}`);
    assert.ok(node.direction === 'ltr' || node.direction === null, 'direction');
    assert.equal(node.format, '');
    assert.ok(Number.isInteger(node.indent) && (node.indent as number) >= 0, 'indent');
    assert.equal(node.version, 1);
  };
  const textLike = (node: Json, allowed: string[]) => {
    assert.ok(allowed.includes(node.type as string), `${String(node.type)} not allowed here`);
    if (node.type === 'linebreak') {
      assert.deepEqual(node, { type: 'linebreak', version: 1 });
      return;
    }
    const extra = node.type === 'code-highlight' && 'highlightType' in node ? ['highlightType'] : [];
    assert.deepEqual(Object.keys(node), [...TEXT_KEYS, ...extra], `keys of ${node.type}`);
    assert.equal(node.detail, node.type === 'tab' ? 2 : 0);
    assert.equal(node.mode, 'normal');
    assert.equal(node.style, '');
    assert.equal(node.version, 1);
    assert.ok(typeof node.text === 'string' && node.text !== '', 'text');
    if (node.type === 'tab') assert.equal(node.text, '\t');
    assert.ok(Number.isInteger(node.format) && (node.format as number) >= 0, 'format');
  };
  const inline = (nodes: Json[]) => {
    nodes.forEach((node, index) => {
      textLike(node, ['text', 'tab', 'linebreak']);
      const previous = nodes[index - 1];
      // Normal form: adjacent text nodes differ in format (Lexical would merge them).
      if (node.type === 'text' && previous?.type === 'text') assert.notEqual(previous.format, node.format);
    });
  };
  const list = (node: Json, depth: number) => {
    element(node, ['listType', 'start', 'tag']);
    assert.equal(node.indent, 0);
    assert.ok(['bullet', 'number', 'check'].includes(node.listType as string), 'listType');
    assert.equal(node.tag, node.listType === 'number' ? 'ol' : 'ul');
    assert.ok(Number.isInteger(node.start), 'start');
    assert.ok(children(node).length > 0, 'empty list');
    let value = node.start as number;
    for (const item of children(node)) {
      const check = node.listType === 'check';
      element(item, check ? ['checked', 'value'] : ['value']);
      assert.equal(item.type, 'listitem');
      assert.equal(item.indent, depth, 'list item indent is its depth');
      assert.equal(item.value, value, 'list item value');
      if (check) assert.equal(typeof item.checked, 'boolean');
      const [first] = children(item);
      if (first?.type === 'list') {
        assert.equal(children(item).length, 1, 'a nesting item holds one list');
        list(first, depth + 1);
      } else {
        inline(children(item));
        value += 1;
      }
    }
  };
  const root = doc.root;
  element(root, []);
  assert.equal(root.type, 'root');
  assert.ok(children(root).length > 0, 'empty root');
  for (const block of children(root)) {
    switch (block.type) {
      case 'paragraph':
        element(block, ['textFormat', 'textStyle']);
        assert.ok(Number.isInteger(block.textFormat), 'textFormat');
        assert.equal(typeof block.textStyle, 'string');
        inline(children(block));
        break;
      case 'list':
        list(block, 0);
        break;
      case 'code':
        element(block, 'language' in block ? ['language'] : []);
        if ('language' in block) assert.equal(typeof block.language, 'string');
        children(block).forEach((child) => textLike(child, ['code-highlight', 'tab', 'linebreak']));
        break;
      default:
        assert.deepEqual(block, { type: 'horizontalrule', version: 1 });
    }
  }
}

/** Slate's own normalisation with our schema; a canonical value comes back unchanged. */
function normalizeWithSlate(value: readonly Descendant[]): Descendant[] {
  const editor = withDescriptionSchema(createEditor());
  editor.children = JSON.parse(JSON.stringify(value)) as Descendant[];
  Editor.normalize(editor, { force: true });
  return editor.children;
}

const markKeysOf = (leaf: FormattedText) => Object.keys(leaf).filter((key) => key !== 'text');

/** The canonical form of slateTypes.ts, checked node by node (throws with a path). */
function expectCanonicalModel(value: SlateValue): void {
  const fail = (where: string, why: string) => {
    throw new Error(`${where}: ${why} in ${JSON.stringify(value)}`);
  };
  const leaves = (nodes: FormattedText[], where: string, plain = false) => {
    if (nodes.length === 0) fail(where, 'no leaves');
    nodes.forEach((leaf, index) => {
      if ('type' in leaf || typeof leaf.text !== 'string') fail(where, 'not a text leaf');
      for (const key of markKeysOf(leaf)) {
        if (plain || !(MARK_KEYS as readonly string[]).includes(key) || leaf[key as keyof Marks] !== true) {
          fail(where, `bad mark ${key}`);
        }
      }
      if (nodes.length > 1 && leaf.text === '') fail(where, 'empty leaf among others');
      const previous = nodes[index - 1];
      if (previous && markKeysOf(previous).sort().join() === markKeysOf(leaf).sort().join()) {
        fail(where, 'adjacent leaves with equal marks');
      }
    });
  };
  const list = (node: ListElement, where: string) => {
    const keys = node.type === 'numbered-list' ? ['type', 'start', 'children'] : ['type', 'children'];
    assert.deepEqual(Object.keys(node).sort(), keys.sort(), where);
    if (node.type === 'numbered-list' && !Number.isInteger(node.start)) fail(where, 'start');
    if (node.children.length === 0) fail(where, 'empty list');
    node.children.forEach((item: ListItemElement, index) => {
      const at = `${where}.${index}`;
      if (item.type !== 'list-item') fail(at, 'not a list item');
      const [first] = item.children;
      if (first && 'type' in first) {
        if (item.children.length !== 1 || 'checked' in item) fail(at, 'bad nesting item');
        list(first, at);
      } else {
        const checkItem = node.type === 'check-list';
        if (checkItem !== (typeof item.checked === 'boolean') || (!checkItem && 'checked' in item)) {
          fail(at, 'checked');
        }
        leaves(item.children as FormattedText[], at);
      }
    });
  };
  if (value.length === 0) fail('root', 'empty document');
  value.forEach((block: BlockElement, index) => {
    const where = String(index);
    switch (block.type) {
      case 'paragraph':
        if ('indent' in block && !(Number.isInteger(block.indent) && block.indent! > 0))
          fail(where, 'indent');
        leaves(block.children, where);
        break;
      case 'bulleted-list':
      case 'numbered-list':
      case 'check-list':
        list(block, where);
        break;
      case 'code-block':
        if ('language' in block && !(typeof block.language === 'string' && block.language !== '')) {
          fail(where, 'language');
        }
        if (block.children.length === 0) fail(where, 'no lines');
        block.children.forEach((line, lineIndex) => {
          if (line.type !== 'code-line' || line.children.length !== 1)
            fail(`${where}.${lineIndex}`, 'bad line');
          if (line.children[0]!.text.includes('\n')) fail(`${where}.${lineIndex}`, 'newline in a line');
          leaves(line.children, `${where}.${lineIndex}`, true);
        });
        break;
      case 'horizontal-rule':
        assert.deepEqual(block.children, [{ text: '' }], where);
        break;
      default:
        fail(where, 'unknown block');
    }
  });
  assert.deepStrictEqual(normalizeWithSlate(value), value, 'Slate normalisation changes the value');
}

// ---------------------------------------------------------------------------------------------------------
// The captured sample and the literal examples
// ---------------------------------------------------------------------------------------------------------

const p = (...leaves: FormattedText[]) => ({ type: 'paragraph' as const, children: leaves });
const item = (text: string, extra: { checked?: boolean } = {}): ListItemElement => ({
  type: 'list-item',
  ...extra,
  children: [{ text }],
});
const line = (text: string) => ({ type: 'code-line' as const, children: [{ text }] });

describe('the captured sample (lexical-sample.json)', () => {
  it('loads into the Slate model: formats, soft break, indent, nested lists, start, checked, code lines', () => {
    const onError = jest.fn();
    const value = lexicalToSlate(SAMPLE, { onError });
    expect(onError).not.toHaveBeenCalled();
    expect(value).toEqual<SlateValue>([
      p(
        { text: 'Momentum 에디터 저장 형식: ' },
        { text: '굵게', bold: true },
        { text: ', ' },
        { text: '기울임', italic: true },
        { text: ', ' },
        { text: '밑줄', underline: true },
        { text: ', ' },
        { text: '굵은기울임', bold: true, italic: true },
        { text: ', ' },
        { text: 'inlineCode()', code: true },
        // The linebreak node is a `\n` in the text before it (both unformatted, so one leaf).
        { text: ' 끝.\n같은 문단의 다음 줄' },
      ),
      p({ text: '' }),
      { type: 'paragraph', indent: 1, children: [{ text: '들여쓴 문단' }] },
      p({ text: '' }),
      {
        type: 'bulleted-list',
        children: [
          item('글머리 1'),
          item('글머리 2'),
          { type: 'list-item', children: [{ type: 'bulleted-list', children: [item('하위 항목')] }] },
        ],
      },
      { type: 'numbered-list', start: 1, children: [item('번호 1'), item('번호 2')] },
      {
        type: 'check-list',
        children: [item('할 일 A', { checked: true }), item('할 일 B', { checked: false })],
      },
      p({ text: 'const a = 1;' }),
      // The capture's code node opens and ends with a linebreak: three lines, the outer two empty.
      { type: 'code-block', language: 'javascript', children: [line(''), line('console.log(a);'), line('')] },
    ]);
    expectCanonicalModel(value);
  });

  it('saves back to an equivalent document — in fact node for node the captured one', () => {
    const saved = slateToLexical(lexicalToSlate(SAMPLE));
    expect(lexicalShape(saved)).toEqual(lexicalShape(SAMPLE));
    expect(JSON.parse(saved)).toEqual(JSON.parse(SAMPLE));
    expect(saved).toBe(JSON.stringify(JSON.parse(SAMPLE)));
  });

  it('the shape checker accepts the capture itself, so it describes what Lexical writes', () => {
    expectLexicalShape(JSON.stringify(JSON.parse(SAMPLE)));
  });
});

describe('the literal examples of Lexical states', () => {
  const text = (value: string, format = 0) =>
    `{"detail":0,"format":${format},"mode":"normal","style":"","text":"${value}","type":"text","version":1}`;
  const para = (inline: string[], direction = '"ltr"') =>
    `{"children":[${inline.join(',')}],"direction":${direction},"format":"","indent":0,"type":"paragraph",` +
    `"version":1,"textFormat":0,"textStyle":""}`;
  const doc = (blocks: string[]) =>
    `{"root":{"children":[${blocks.join(',')}],"direction":"ltr","format":"","indent":0,"type":"root","version":1}}`;
  const exampleA = doc([
    para([text('A')]),
    para([], 'null'),
    para([text('B')]),
    '{"type":"horizontalrule","version":1}',
    para([text('C')]),
  ]);
  const exampleB = doc([
    para([
      text('굵게', 1),
      text(', '),
      text('굵은기울임', 3),
      text('inlineCode()', 16),
      '{"type":"linebreak","version":1}',
      text('밑줄', 8),
    ]),
  ]);
  const highlight = (value: string, type?: string) =>
    `{"detail":0,"format":0,"mode":"normal","style":"","text":"${value}","type":"code-highlight","version":1` +
    (type ? `,"highlightType":"${type}"}` : '}');
  const checkItem = (value: string, checked: boolean, position: number) =>
    `{"children":[${text(value)}],"direction":"ltr","format":"","indent":0,"type":"listitem","version":1,` +
    `"checked":${checked},"value":${position}}`;
  const exampleC = doc([
    `{"children":[${checkItem('할 일 A', true, 1)},${checkItem('할 일 B', false, 2)}],"direction":"ltr","format":"",` +
      `"indent":0,"type":"list","version":1,"listType":"check","start":1,"tag":"ul"}`,
    `{"children":[${highlight('console')},${highlight('.', 'punctuation')},${highlight('log', 'function')},` +
      `${highlight('(a);', 'punctuation')}],"direction":"ltr","format":"","indent":0,"type":"code","version":1,` +
      `"language":"javascript"}`,
  ]);

  it('(a) paragraphs, the extra empty paragraph and a horizontal rule survive exactly', () => {
    const value = lexicalToSlate(exampleA);
    expect(value).toEqual([
      p({ text: 'A' }),
      p({ text: '' }),
      p({ text: 'B' }),
      expect.anything(),
      p({ text: 'C' }),
    ]);
    expect(value[3]).toEqual({ type: 'horizontal-rule', children: [{ text: '' }] });
    expect(slateToLexical(value)).toBe(exampleA);
  });

  it('(b) formats 1, 3, 16, 8 and a soft break', () => {
    const value = lexicalToSlate(exampleB);
    expect(value).toEqual([
      p(
        { text: '굵게', bold: true },
        { text: ', ' },
        { text: '굵은기울임', bold: true, italic: true },
        // The break takes the format of the text before it (inline code), so it joins that leaf.
        { text: 'inlineCode()\n', code: true },
        { text: '밑줄', underline: true },
      ),
    ]);
    expect(slateToLexical(value)).toBe(exampleB);
  });

  it('(c) a check list and code; the hand-merged token "(a);" is re-tokenized like Prism, still equivalent', () => {
    const value = lexicalToSlate(exampleC);
    expect(value).toEqual([
      {
        type: 'check-list',
        children: [item('할 일 A', { checked: true }), item('할 일 B', { checked: false })],
      },
      { type: 'code-block', language: 'javascript', children: [line('console.log(a);')] },
    ]);
    const saved = slateToLexical(value);
    expect(lexicalShape(saved)).toEqual(lexicalShape(exampleC));
    expect(saved).not.toBe(exampleC);
    const code = (JSON.parse(saved) as { root: Json }).root.children as Json[];
    expect(children(code[1]).map((node) => [node.text, node.highlightType])).toEqual([
      ['console', undefined],
      ['.', 'punctuation'],
      ['log', 'function'],
      ['(', 'punctuation'],
      ['a', undefined],
      [')', 'punctuation'],
      [';', 'punctuation'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Validation on load and the helpers
// ---------------------------------------------------------------------------------------------------------

const root = (...blocks: unknown[]) => JSON.stringify({ root: { children: blocks, type: 'root' } });
const t = (text: string, format = 0) => ({ type: 'text', text, format });

describe('validation on load', () => {
  it('blank or empty strings load the empty default silently', () => {
    for (const blank of ['', '   ', '\n\t ']) {
      const onError = jest.fn();
      expect(lexicalToSlate(blank, { onError })).toEqual(createEmptyValue());
      expect(onError).not.toHaveBeenCalled();
    }
  });

  it('JSON that does not parse, or has no root.children array, loads the default and reports an error', () => {
    const bad = [
      '{"root":',
      'not json',
      'null',
      '[]',
      '"text"',
      '42',
      '{}',
      '{"root":{}}',
      '{"root":{"children":{}}}',
    ];
    for (const json of bad) {
      const onError = jest.fn();
      expect(lexicalToSlate(json, { onError })).toEqual(createEmptyValue());
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]![0]).toBeInstanceOf(DescriptionParseError);
    }
    const onError = jest.fn();
    lexicalToSlate('{"root":', { onError });
    expect((onError.mock.calls[0]![0] as Error).cause).toBeInstanceOf(SyntaxError);
    expect(() => lexicalToSlate('{"root":')).not.toThrow(); // without a callback too
  });

  it('an empty root (the untouched Lexical editor), the legacy constant and EMPTY_DESCRIPTION load the default', () => {
    const untouched =
      '{"root":{"children":[],"direction":null,"format":"","indent":0,"type":"root","version":1}}';
    const legacy =
      '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1}],' +
      '"direction":null,"format":"","indent":0,"type":"root","version":1}}';
    for (const json of ['{"root":{"children":[]}}', untouched, legacy, EMPTY_DESCRIPTION]) {
      const onError = jest.fn();
      expect(lexicalToSlate(json, { onError })).toEqual(createEmptyValue());
      expect(onError).not.toHaveBeenCalled();
    }
    expect(slateToLexical(createEmptyValue())).toBe(EMPTY_DESCRIPTION);
    expect(slateToLexical([])).toBe(EMPTY_DESCRIPTION);
    expectLexicalShape(EMPTY_DESCRIPTION);
  });

  it('repairs indents: negative, fractional or non-numeric become non-negative integers', () => {
    const value = lexicalToSlate(
      root(
        { type: 'paragraph', indent: -2, children: [t('a')] },
        { type: 'paragraph', indent: 2.7, children: [t('b')] },
        { type: 'paragraph', indent: '3', children: [t('c')] },
        {
          type: 'list',
          listType: 'bullet',
          children: [
            { type: 'listitem', indent: -1, children: [t('d')] },
            {
              type: 'listitem',
              indent: 'x',
              children: [
                {
                  type: 'list',
                  listType: 'bullet',
                  children: [{ type: 'listitem', indent: -5, children: [t('e')] }],
                },
              ],
            },
          ],
        },
      ),
    );
    expect(value.slice(0, 3)).toEqual([
      p({ text: 'a' }),
      { type: 'paragraph', indent: 2, children: [{ text: 'b' }] },
      p({ text: 'c' }),
    ]);
    const saved = slateToLexical(value);
    expectLexicalShape(saved); // list items carry their depth: 0, then 1 inside the nested list
    const list = (JSON.parse(saved) as { root: Json }).root.children as Json[];
    const items = children(list[3]);
    expect(items.map((node) => node.indent)).toEqual([0, 0]);
    expect(children(children(items[1])[0]).map((node) => node.indent)).toEqual([1]);
  });

  it('repairs other fields: format, listType, start, checked, language', () => {
    const value = lexicalToSlate(
      root(
        {
          type: 'paragraph',
          children: [t('a', -1), t('b', 1.5), { ...t('c'), format: 'bold' }, t('d', 1 | 512)],
        },
        { type: 'list', tag: 'ol', children: [{ type: 'listitem', children: [t('n')] }] },
        {
          type: 'list',
          listType: 'number',
          start: 3.9,
          children: [{ type: 'listitem', children: [t('m')] }],
        },
        {
          type: 'list',
          listType: 'check',
          children: [{ type: 'listitem', checked: 'yes', children: [t('x')] }],
        },
        {
          type: 'list',
          listType: 'bullet',
          children: [{ type: 'listitem', checked: true, children: [t('y')] }],
        },
        { type: 'code', language: 42, children: [t('z')] },
        { type: 'code', language: '', children: [] },
      ),
    );
    expect(value).toEqual([
      p({ text: 'abc' }, { text: 'd', bold: true }), // -1, 1.5 and 'bold' are 0; 512 (uppercase) is dropped
      { type: 'numbered-list', start: 1, children: [item('n')] },
      { type: 'numbered-list', start: 3, children: [item('m')] },
      { type: 'check-list', children: [item('x', { checked: false })] },
      { type: 'bulleted-list', children: [item('y')] }, // checked dropped outside a check list
      { type: 'code-block', children: [line('z')] },
      { type: 'code-block', children: [line('')] },
    ]);
    expectCanonicalModel(value);
  });

  it('unknown node types degrade to their text instead of crashing', () => {
    const onError = jest.fn();
    const value = lexicalToSlate(
      root(
        { type: 'heading', tag: 'h1', children: [t('제목', 1), t(' 계속')] },
        {
          type: 'paragraph',
          children: [t('링크: '), { type: 'link', url: 'https://x', children: [t('여기', 2)] }, t('!')],
        },
        {
          type: 'paragraph',
          children: [{ type: 'mention', text: '@김', format: 8 }, { type: 'emoji-picker' }],
        },
        {
          type: 'table',
          children: [
            {
              type: 'tablerow',
              children: [{ type: 'tablecell', children: [{ type: 'paragraph', children: [t('셀 1')] }] }],
            },
            {
              type: 'tablerow',
              children: [{ type: 'tablecell', children: [{ type: 'paragraph', children: [t('셀 2')] }] }],
            },
          ],
        },
        { type: 'image', src: 'a.png', altText: '그림' },
        { type: 'quote', children: [t('인용'), { type: 'linebreak' }, t('둘째 줄')] },
        {
          type: 'list',
          listType: 'bullet',
          children: [{ type: 'listitem', children: [{ type: 'hashtag', text: '#태그' }] }],
        },
        {
          type: 'code',
          children: [
            { type: 'code-highlight', text: 'a' },
            { type: 'weird', children: [t('b')] },
          ],
        },
        { type: 'mystery-leaf', text: '남은 글' },
      ),
      { onError },
    );
    expect(onError).not.toHaveBeenCalled();
    expect(value).toEqual([
      p({ text: '제목', bold: true }, { text: ' 계속' }),
      p({ text: '링크: ' }, { text: '여기', italic: true }, { text: '!' }),
      p({ text: '@김', underline: true }),
      p({ text: '셀 1' }),
      p({ text: '셀 2' }),
      // the image has no text and is dropped
      p({ text: '인용\n둘째 줄' }),
      { type: 'bulleted-list', children: [item('#태그')] },
      { type: 'code-block', children: [line('ab')] },
      p({ text: '남은 글' }),
    ]);
    expectCanonicalModel(value);
  });

  it('repairs misplaced known nodes', () => {
    const value = lexicalToSlate(
      root(
        t('root text', 1),
        { type: 'linebreak' },
        t('more'),
        { type: 'listitem', children: [t('stray item')] },
        {
          type: 'list',
          listType: 'number',
          children: [
            { type: 'paragraph', children: [t('paragraph in a list')] },
            {
              type: 'listitem',
              children: [
                t('text'),
                {
                  type: 'list',
                  listType: 'check',
                  children: [{ type: 'listitem', checked: true, children: [t('sub')] }],
                },
              ],
            },
            {
              type: 'list',
              listType: 'bullet',
              children: [{ type: 'listitem', children: [t('bare list')] }],
            },
            { type: 'listitem', children: [] },
          ],
        },
        { type: 'list', listType: 'bullet', children: [] },
        { type: 'horizontalrule', children: [t('ignored')] },
      ),
    );
    expect(value).toEqual([
      p({ text: 'root text\n', bold: true }, { text: 'more' }),
      { type: 'bulleted-list', children: [item('stray item')] },
      {
        type: 'numbered-list',
        start: 1,
        children: [
          item('paragraph in a list'),
          item('text'),
          {
            type: 'list-item',
            children: [{ type: 'check-list', children: [item('sub', { checked: true })] }],
          },
          { type: 'list-item', children: [{ type: 'bulleted-list', children: [item('bare list')] }] },
          item(''),
        ],
      },
      { type: 'horizontal-rule', children: [{ text: '' }] },
    ]);
    expectCanonicalModel(value);
  });

  it('survives absurd nesting without throwing', () => {
    const depth = 20_000;
    const json = root({ type: 'wrapper', children: ['@'] }).replace(
      '"@"',
      '{"type":"wrapper","children":['.repeat(depth) + JSON.stringify(t('deep')) + ']}'.repeat(depth),
    );
    const onError = jest.fn();
    const value = lexicalToSlate(json, { onError });
    // Either converted or reported; never thrown.
    if (onError.mock.calls.length === 0) expect(value).toEqual([p({ text: 'deep' })]);
    else expect(value).toEqual(createEmptyValue());
  });
});

describe('saving', () => {
  it('numbers list items like Lexical: start + position, nesting items take the next number without using it', () => {
    const saved = slateToLexical([
      {
        type: 'numbered-list',
        start: 3,
        children: [
          item('three'),
          {
            type: 'list-item',
            children: [{ type: 'numbered-list', start: 1, children: [item('one'), item('two')] }],
          },
          item('four'),
        ],
      },
      { type: 'check-list', children: [item('done', { checked: true }), item('open', { checked: false })] },
    ]);
    expectLexicalShape(saved);
    const [numbered, check] = (JSON.parse(saved) as { root: Json }).root.children as Json[];
    expect(children(numbered).map((node) => node.value)).toEqual([3, 4, 4]);
    expect(children(numbered)[1]).toMatchObject({ direction: null, indent: 0 });
    expect(children(children(children(numbered)[1])[0]).map((node) => [node.value, node.indent])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(children(check).map((node) => Object.keys(node).slice(-2))).toEqual([
      ['checked', 'value'],
      ['checked', 'value'],
    ]);
    expect(children(check).map((node) => node.checked)).toEqual([true, false]);
  });

  it('keeps the marks the toolbar does not offer (strikethrough, subscript, superscript, highlight)', () => {
    const value: SlateValue = [
      p(
        { text: 's', strikethrough: true },
        { text: 'x', subscript: true, superscript: true },
        { text: 'h', highlight: true },
      ),
    ];
    const saved = slateToLexical(value);
    expect(
      children(children((JSON.parse(saved) as { root: Json }).root)[0]).map((node) => node.format),
    ).toEqual([4, 96, 128]);
    expect(lexicalToSlate(saved)).toEqual(value);
  });

  it('writes soft breaks as linebreak nodes and tabs as tab nodes; marks on a break are not kept', () => {
    const value: SlateValue = [p({ text: 'a', bold: true }, { text: '\n' }, { text: 'b\tc', bold: true })];
    const saved = slateToLexical(value);
    expectLexicalShape(saved);
    const inline = children(children((JSON.parse(saved) as { root: Json }).root)[0]);
    expect(inline.map((node) => [node.type, node.text, node.format])).toEqual([
      ['text', 'a', 1],
      ['linebreak', undefined, undefined],
      ['text', 'b', 1],
      ['tab', '\t', 1],
      ['text', 'c', 1],
    ]);
    expect(lexicalToSlate(saved)).toEqual([p({ text: 'a\nb\tc', bold: true })]);
  });

  it('writes code lines as code-highlight tokens, tab and linebreak nodes with the language', () => {
    const saved = slateToLexical([
      {
        type: 'code-block',
        language: 'typescript',
        children: [line('if (x) {'), line('\treturn "가";'), line('}')],
      },
      { type: 'code-block', children: [line('')] },
    ]);
    expectLexicalShape(saved);
    const [code, empty] = (JSON.parse(saved) as { root: Json }).root.children as Json[];
    expect(code!.language).toBe('typescript');
    expect(children(code).map((node) => (node.type === 'code-highlight' ? node.text : node.type))).toEqual([
      'if',
      ' ',
      '(',
      'x',
      ')',
      ' ',
      '{',
      'linebreak',
      'tab',
      'return',
      ' ',
      '"가"',
      ';',
      'linebreak',
      '}',
    ]);
    expect(empty).toEqual({ children: [], direction: null, format: '', indent: 0, type: 'code', version: 1 });
  });

  it('repairs values outside the model instead of failing', () => {
    const odd = [
      { text: 'top-level text' },
      { type: 'list-item', children: [{ text: 'stray item' }] },
      { type: 'code-line', children: [{ text: 'stray line' }] },
      { type: 'bulleted-list', children: [] },
      { type: 'paragraph', indent: -3, children: [{ text: 'p' }] },
    ] as unknown as Descendant[];
    const saved = slateToLexical(odd);
    expectLexicalShape(saved);
    expect(lexicalToSlate(saved)).toEqual([
      p({ text: 'top-level text' }),
      p({ text: 'stray item' }),
      p({ text: 'stray line' }),
      p({ text: 'p' }),
    ]);
  });
});

describe('helpers', () => {
  it('isDescriptionEmpty: only blank paragraphs, for a value or stored JSON', () => {
    expect(isDescriptionEmpty(createEmptyValue())).toBe(true);
    expect(isDescriptionEmpty([p({ text: ' ' }), p({ text: '\n' })])).toBe(true);
    expect(isDescriptionEmpty('')).toBe(true);
    expect(isDescriptionEmpty('not json')).toBe(true);
    expect(isDescriptionEmpty(EMPTY_DESCRIPTION)).toBe(true);
    expect(isDescriptionEmpty([p({ text: 'a' })])).toBe(false);
    expect(isDescriptionEmpty([{ type: 'horizontal-rule', children: [{ text: '' }] }])).toBe(false);
    expect(isDescriptionEmpty([{ type: 'bulleted-list', children: [item('')] }])).toBe(false);
    expect(isDescriptionEmpty([{ type: 'code-block', children: [line('')] }])).toBe(false);
    expect(isDescriptionEmpty(SAMPLE)).toBe(false);
  });

  it('normalizeDescription validates stored JSON into the normal form', () => {
    const onError = jest.fn();
    expect(normalizeDescription('{oops', { onError })).toBe(EMPTY_DESCRIPTION);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(normalizeDescription('')).toBe(EMPTY_DESCRIPTION);
    const compact = JSON.stringify(JSON.parse(SAMPLE));
    expect(normalizeDescription(SAMPLE)).toBe(compact);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

const textUnit = fc.constantFrom('a', 'b', 'Z', '1', ' ', '가', '한', '!', '\t', '\n', '😀');
const codeUnit = fc.constantFrom(
  'a',
  'x',
  '1',
  ' ',
  '\t',
  '(',
  ')',
  '{',
  ';',
  '.',
  '"',
  "'",
  '/',
  '*',
  '`',
  '=',
  '가',
);
const marksArb = fc
  .subarray([...MARK_KEYS], { maxLength: 3 })
  .map((keys) => Object.fromEntries(keys.map((key) => [key, true])) as Marks);
const leafArb = fc
  .record({ text: fc.string({ unit: textUnit, maxLength: 5 }), marks: marksArb })
  .map(({ text, marks }): FormattedText => ({ text, ...marks }));
const leavesArb = fc.array(leafArb, { minLength: 1, maxLength: 4 });

const paragraphArb = fc
  .record({ indent: fc.nat(3), children: leavesArb })
  .map(({ indent, children: leaves }): BlockElement =>
    indent > 0 ? { type: 'paragraph', indent, children: leaves } : { type: 'paragraph', children: leaves },
  );

type ItemDraft = { checked: boolean; children: FormattedText[] } | { nested: ListElement };
const { list: listArb } = fc.letrec<{ list: ListElement; item: ItemDraft }>((tie) => ({
  list: fc
    .record({
      kind: fc.constantFrom('bulleted-list', 'numbered-list', 'check-list'),
      start: fc.integer({ min: 0, max: 30 }),
      items: fc.array(tie('item'), { minLength: 1, maxLength: 3 }),
    })
    .map(({ kind, start, items }): ListElement => {
      const listItems = items.map((draft): ListItemElement => {
        if ('nested' in draft) return { type: 'list-item', children: [draft.nested] };
        return kind === 'check-list'
          ? { type: 'list-item', checked: draft.checked, children: draft.children }
          : { type: 'list-item', children: draft.children };
      });
      if (kind === 'numbered-list') return { type: kind, start, children: listItems };
      return { type: kind, children: listItems };
    }),
  item: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'list' },
    fc.record({ checked: fc.boolean(), children: leavesArb }),
    tie('list').map((nested) => ({ nested })),
  ),
}));

const codeArb = fc
  .record({
    language: fc.option(fc.constantFrom('javascript', 'typescript', 'python', 'plain'), { nil: undefined }),
    lines: fc.array(fc.string({ unit: codeUnit, maxLength: 10 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ language, lines }): BlockElement => ({
    type: 'code-block',
    ...(language ? { language } : {}),
    children: lines.map(line),
  }));

const ruleArb = fc.constant<BlockElement>({ type: 'horizontal-rule', children: [{ text: '' }] });
const docArb = fc.array(fc.oneof(paragraphArb, listArb, codeArb, ruleArb), { minLength: 1, maxLength: 5 });

/**
 * The documented rule for soft breaks, restated per character: a `\n` carries the marks of the nearest
 * character before it in its block, else after it, else none.
 */
function withCanonicalBreakMarks(leaves: FormattedText[]): FormattedText[] {
  const chars = leaves.flatMap(({ text, ...marks }) => text.split('').map((char) => ({ char, marks })));
  const marked = chars.map(({ char, marks }, index) => {
    if (char !== '\n') return { text: char, ...marks };
    const source =
      chars
        .slice(0, index)
        .reverse()
        .find((other) => other.char !== '\n') ?? chars.slice(index + 1).find((other) => other.char !== '\n');
    return { text: '\n', ...source?.marks };
  });
  // Regroup runs of equal marks (Slate would merge them too; this only saves it the work).
  const regrouped: FormattedText[] = [];
  const key = (leaf: FormattedText) => markKeysOf(leaf).sort().join();
  for (const leaf of marked) {
    const last = regrouped[regrouped.length - 1];
    if (last && key(last) === key(leaf)) last.text += leaf.text;
    else regrouped.push(leaf);
  }
  return regrouped.length > 0 ? regrouped : [{ text: '' }];
}

function canonicalList(list: ListElement): ListElement {
  return {
    ...list,
    children: list.children.map((listItem): ListItemElement => {
      const [first] = listItem.children;
      if (first && 'type' in first) return { ...listItem, children: [canonicalList(first)] };
      return { ...listItem, children: withCanonicalBreakMarks(listItem.children as FormattedText[]) };
    }),
  } as ListElement;
}

/** What a generated document should load back as: break marks per the rule, then Slate's normalisation. */
function canonical(doc: SlateValue): Descendant[] {
  return normalizeWithSlate(
    doc.map((block) => {
      if (block.type === 'paragraph') return { ...block, children: withCanonicalBreakMarks(block.children) };
      if (block.type === 'code-block' || block.type === 'horizontal-rule') return block;
      return canonicalList(block);
    }),
  );
}

/** Arbitrary Lexical-like JSON: known and unknown types, wrong field types, any nesting. */
const fuzzType = fc.constantFrom(
  'paragraph',
  'list',
  'listitem',
  'code',
  'horizontalrule',
  'text',
  'tab',
  'code-highlight',
  'linebreak',
  'heading',
  'link',
  'table',
  'image',
  'mystery',
);
const { node: fuzzNode } = fc.letrec<{ node: unknown; leaf: unknown; element: unknown }>((tie) => ({
  node: fc.oneof({ maxDepth: 4, depthIdentifier: 'fuzz' }, tie('leaf'), tie('element')),
  leaf: fc.record(
    {
      type: fuzzType,
      text: fc.string({ unit: textUnit, maxLength: 4 }),
      format: fc.oneof(fc.integer({ min: -3, max: 2048 }), fc.constant('x')),
    },
    { requiredKeys: ['type'] },
  ),
  element: fc.record(
    {
      type: fuzzType,
      children: fc.array(tie('node'), { maxLength: 4 }),
      indent: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double(), fc.constant('2')),
      listType: fc.constantFrom('bullet', 'number', 'check', 'other'),
      start: fc.oneof(fc.integer({ min: -2, max: 9 }), fc.constant(null)),
      checked: fc.oneof(fc.boolean(), fc.constant('yes')),
      tag: fc.constantFrom('ul', 'ol'),
      language: fc.oneof(fc.constant('javascript'), fc.constant(''), fc.integer()),
    },
    { requiredKeys: ['type', 'children'] },
  ),
}));

/** The characters a Lexical tree holds as text, by the documented reading rules (line breaks excluded). */
function lexicalChars(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const { type, text } = node as Json;
  const kids = (node as Json).children;
  if (type === 'linebreak' || type === 'horizontalrule') return [];
  if (type === 'text' || type === 'tab' || type === 'code-highlight') {
    return (typeof text === 'string' ? text : type === 'tab' ? '\t' : '').split('').filter((c) => c !== '\n');
  }
  if (Array.isArray(kids)) return kids.flatMap(lexicalChars);
  const known = ['paragraph', 'list', 'listitem', 'code', 'root'].includes(type as string);
  return !known && typeof text === 'string' ? text.split('').filter((c) => c !== '\n') : [];
}

function slateChars(nodes: readonly Descendant[]): string[] {
  return nodes.flatMap((node) =>
    'text' in node
      ? node.text.split('').filter((c) => c !== '\n')
      : slateChars(node.children as Descendant[]),
  );
}

describe('properties (fast-check)', () => {
  it('Slate → Lexical → Slate gives the document back (after Slate normalisation and the break-mark rule)', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        assert.deepStrictEqual(lexicalToSlate(slateToLexical(doc)), canonical(doc));
      }),
      { numRuns: 100 },
    );
  });

  it('saved JSON has Lexical shapes, and a further load and save reproduces it exactly', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const saved = slateToLexical(doc);
        expectLexicalShape(saved);
        const loaded = lexicalToSlate(saved);
        expectCanonicalModel(loaded);
        assert.equal(slateToLexical(loaded), saved);
      }),
      { numRuns: 100 },
    );
  });

  it('arbitrary Lexical-like input never throws, keeps its text, loads canonical and saves stably', () => {
    fc.assert(
      fc.property(fc.array(fuzzNode, { minLength: 1, maxLength: 4 }), (blocks) => {
        const json = JSON.stringify({ root: { children: blocks } });
        const errors: unknown[] = [];
        const value = lexicalToSlate(json, { onError: (error) => errors.push(error) });
        assert.deepEqual(errors, []);
        expectCanonicalModel(value);
        assert.deepEqual(slateChars(value).sort(), blocks.flatMap(lexicalChars).sort(), 'text kept');
        const saved = slateToLexical(value);
        expectLexicalShape(saved);
        assert.equal(normalizeDescription(saved), saved);
      }),
      { numRuns: 100 },
    );
  });
});

describe('saving after an edit (the per-block cache)', () => {
  it('gives exactly the JSON of a fresh conversion when some blocks are reused and others replaced', () => {
    fc.assert(
      fc.property(
        docArb,
        docArb,
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (before, edits, keep) => {
          const first = canonical(before);
          slateToLexical(first); // fills the cache with `first`'s blocks
          // The next value: untouched blocks keep their identity, edited ones are new objects.
          const next = first.map((block, index) =>
            keep[index] ? block : (canonical(edits)[index] ?? block),
          );
          const fresh = structuredClone(next);
          assert.equal(slateToLexical(next), slateToLexical(fresh));
          assert.deepEqual(JSON.parse(slateToLexical(next)), JSON.parse(slateToLexical(fresh)));
        },
      ),
    );
  });
});
