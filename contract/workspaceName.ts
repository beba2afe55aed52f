/**
 * Workspace name rules (docs/product.md "Onboarding"): nine checks in order; the first failing one's Korean
 * message is shown in red under the field (client) and returned in a 400 envelope (server:
 * `POST /api/workspace/create-url`, `POST /api/workspace`). One implementation for both.
 */
export const WORKSPACE_NAME_MIN = 4;
export const WORKSPACE_NAME_MAX = 10;

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/;
const DIGIT = /[0-9]/;
const LATIN = /[A-Za-z]/;
const ALLOWED = /^[A-Za-z0-9 ]*$/;

interface Rule {
  /** True when the name breaks the rule. */
  fails: (name: string) => boolean;
  message: string;
}

const first = (name: string) => Array.from(name)[0] ?? '';
const isSpecial = (char: string) =>
  char !== '' && !HANGUL.test(char) && !DIGIT.test(char) && !LATIN.test(char) && !/\s/.test(char);

/** The rules in the order they are checked (1–9). */
export const WORKSPACE_NAME_RULES: readonly Rule[] = [
  {
    fails: (name) =>
      Array.from(name).length < WORKSPACE_NAME_MIN || Array.from(name).length > WORKSPACE_NAME_MAX,
    message: '워크스페이스 이름은 4자 이상 10자 이하의 영문 또는 숫자여야 합니다.',
  },
  { fails: (name) => HANGUL.test(first(name)), message: '워크스페이스 이름은 한글로 시작할 수 없습니다.' },
  { fails: (name) => DIGIT.test(first(name)), message: '워크스페이스 이름은 숫자로 시작할 수 없습니다.' },
  { fails: (name) => isSpecial(first(name)), message: '워크스페이스 이름은 특수문자로 시작할 수 없습니다.' },
  { fails: (name) => !LATIN.test(first(name)), message: '워크스페이스 이름은 영문으로 시작해야 합니다.' },
  { fails: (name) => HANGUL.test(name), message: '워크스페이스 이름에 한글은 사용할 수 없습니다.' },
  {
    fails: (name) => !ALLOWED.test(name),
    message: '워크스페이스 이름은 영문, 숫자, 공백만 사용할 수 있습니다.',
  },
  { fails: (name) => name.endsWith(' '), message: '워크스페이스 이름은 공백으로 끝날 수 없습니다.' },
  { fails: (name) => name.includes('  '), message: '워크스페이스 이름에 연속된 공백은 사용할 수 없습니다.' },
];

/**
 * Checks `name` exactly as typed (no trimming: a trailing space is rule 8).
 * @returns the first failing rule's Korean message, or `null` when the name is valid.
 */
export function validateWorkspaceName(name: string): string | null {
  for (const rule of WORKSPACE_NAME_RULES) if (rule.fails(name)) return rule.message;
  return null;
}

/**
 * The workspace slug of docs/product.md "Workspace and invitations": lower-cased name, spaces → `-`.
 * Uniqueness (`-2`, `-3` …) is the server's job.
 */
export function workspaceSlug(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}
