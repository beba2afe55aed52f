/**
 * A small, dependency-free tokenizer for code blocks that yields Prism's token names for JavaScript-like code
 * (`comment`, `string`, `keyword`, `boolean`, `number`, `function`, `operator`, `punctuation`; plain identifiers
 * and whitespace have no type).
 *
 * It serves two purposes: `slateToLexical` writes Lexical's `code-highlight` children with the same token
 * boundaries and `highlightType`s the earlier product's Prism highlighter produces for ordinary code (the
 * sample document's `console.log(a);` comes out node for node), and the editor UI can colour tokens with it
 * (comments and punctuation grey, other tokens unstyled) without shipping Prism.
 *
 * It is an approximation, not a grammar: no regex literals, no nested template-string tokens, one rule set for
 * every language except plain text. Lexical re-highlights code when it edits it, and the converter's
 * equivalence ignores `highlightType`, so a difference here is only cosmetic.
 */

export type CodeTokenType =
  'comment' | 'string' | 'keyword' | 'boolean' | 'number' | 'function' | 'operator' | 'punctuation';

export interface CodeToken {
  text: string;
  /** Absent for plain text (identifiers, whitespace, anything unrecognised). */
  type?: CodeTokenType;
}

/** Languages that get no highlighting (one plain token). */
const PLAIN_LANGUAGES = new Set(['plain', 'plaintext', 'text', 'txt']);

const KEYWORDS = new Set(
  (
    'as async await break case catch class const continue debugger default delete do else enum export extends ' +
    'finally for from function get if implements import in instanceof interface let new null of package private ' +
    'protected public return set static super switch this throw try typeof undefined var void while with yield'
  ).split(' '),
);
const BOOLEANS = new Set(['true', 'false']);

const IDENTIFIER = /[A-Za-z_$\u00A0-\uFFFF][\w$\u00A0-\uFFFF]*/y;
const CALL_FOLLOWS = /\s*\(/y;

/** Tried in order at each position; the first match wins. */
const RULES: ReadonlyArray<readonly [RegExp, CodeTokenType]> = [
  [/\/\*[\s\S]*?(?:\*\/|$)/y, 'comment'],
  [/\/\/[^\n]*/y, 'comment'],
  [/(["'])(?:\\[\s\S]|(?!\1)[^\\\n])*\1/y, 'string'],
  [/`(?:\\[\s\S]|[^\\`])*`/y, 'string'],
  [
    /(?:0[xX][\dA-Fa-f_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?/y,
    'number',
  ],
  [/--|\+\+|\*\*=?|=>|&&=?|\|\|=?|[!=]==|<<=?|>>>?=?|[-+*/%&|^!=<>]=?|\.{3}|\?\?=?|\?\.?|[~:]/y, 'operator'],
  [/[{}[\];(),.]/y, 'punctuation'],
];

function matchAt(pattern: RegExp, code: string, index: number): string | null {
  pattern.lastIndex = index;
  const match = pattern.exec(code);
  return match ? match[0] : null;
}

/**
 * Tokens covering `code` exactly (their texts concatenate to `code`); adjacent plain text is one token. Tokens
 * may contain `\n` and `\t` (a block comment or template string spanning lines); callers split them.
 */
export function highlightCode(code: string, language?: string): CodeToken[] {
  if (code === '') return [];
  if (language !== undefined && PLAIN_LANGUAGES.has(language.toLowerCase())) return [{ text: code }];
  const tokens: CodeToken[] = [];
  let plain = '';
  const push = (text: string, type: CodeTokenType) => {
    if (plain) tokens.push({ text: plain });
    plain = '';
    tokens.push({ text, type });
  };
  let index = 0;
  outer: while (index < code.length) {
    const word = matchAt(IDENTIFIER, code, index);
    if (word) {
      if (KEYWORDS.has(word)) push(word, 'keyword');
      else if (BOOLEANS.has(word)) push(word, 'boolean');
      else if (matchAt(CALL_FOLLOWS, code, index + word.length) !== null) push(word, 'function');
      else plain += word;
      index += word.length;
      continue;
    }
    for (const [pattern, type] of RULES) {
      const text = matchAt(pattern, code, index);
      if (text) {
        push(text, type);
        index += text.length;
        continue outer;
      }
    }
    plain += code[index];
    index += 1;
  }
  if (plain) tokens.push({ text: plain });
  return tokens;
}
