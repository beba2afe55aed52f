import assert from 'node:assert/strict';
import fc from 'fast-check';
import { highlightCode, type CodeToken } from '../../../../src/features/editor/codeHighlight';

/** The code-block tokenizer behind `code-highlight` nodes. */

/** Characters that start or end tokens, plus Hangul, an astral character and a lone surrogate. */
const codeUnit = fc.constantFrom(
  ...['/', '*', '"', "'", '`', '\\', '\n', '\t', ' ', '.', '(', ')', '=', '!', '?', ':', '<', '>', '-', '+'],
  ...['0', '9', 'x', 'e', 'n', '_', '$', 'if', 'true', '가', '😀', '\ud800'],
);
const pairs = (tokens: CodeToken[]) => tokens.map((token) => [token.text, token.type]);

describe('highlightCode', () => {
  it("splits the captured sample's code like Prism did", () => {
    expect(pairs(highlightCode('console.log(a);'))).toEqual([
      ['console', undefined],
      ['.', 'punctuation'],
      ['log', 'function'],
      ['(', 'punctuation'],
      ['a', undefined],
      [')', 'punctuation'],
      [';', 'punctuation'],
    ]);
  });

  it('recognises keywords, booleans, numbers, strings, operators and comments', () => {
    expect(pairs(highlightCode('const x1 = 0x1F + .5 >= "가\\"" && true; // 끝'))).toEqual([
      ['const', 'keyword'],
      [' x1 ', undefined],
      ['=', 'operator'],
      [' ', undefined],
      ['0x1F', 'number'],
      [' ', undefined],
      ['+', 'operator'],
      [' ', undefined],
      ['.5', 'number'],
      [' ', undefined],
      ['>=', 'operator'],
      [' ', undefined],
      ['"가\\""', 'string'],
      [' ', undefined],
      ['&&', 'operator'],
      [' ', undefined],
      ['true', 'boolean'],
      [';', 'punctuation'],
      [' ', undefined],
      ['// 끝', 'comment'],
    ]);
  });

  it('lets block comments and template strings span lines; unterminated ones run to the end', () => {
    expect(pairs(highlightCode('a /* b\nc */ `d\ne` /* open'))).toEqual([
      ['a ', undefined],
      ['/* b\nc */', 'comment'],
      [' ', undefined],
      ['`d\ne`', 'string'],
      [' ', undefined],
      ['/* open', 'comment'],
    ]);
    // An unterminated quote is not a string; a line comment stops at the line end.
    expect(pairs(highlightCode('"x\n// c\ny'))).toEqual([
      ['"x\n', undefined],
      ['// c', 'comment'],
      ['\ny', undefined],
    ]);
  });

  it('leaves plain-text languages alone and gives nothing for empty code', () => {
    expect(highlightCode('if (x) {}', 'plaintext')).toEqual([{ text: 'if (x) {}' }]);
    expect(highlightCode('', 'javascript')).toEqual([]);
  });

  it('covers the input exactly, with no empty tokens and no two plain tokens in a row', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: codeUnit, maxLength: 40 }),
        (ascii, tricky) => {
          for (const code of [ascii, tricky, ascii + '\n' + tricky]) {
            const tokens = highlightCode(code);
            assert.equal(tokens.map((token) => token.text).join(''), code);
            tokens.forEach((token, index) => {
              assert.notEqual(token.text, '');
              if (index > 0 && !token.type) assert.ok(tokens[index - 1]!.type, 'two plain tokens in a row');
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
