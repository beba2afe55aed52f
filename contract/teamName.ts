/**
 * Team name rule (docs/product.md "Teams and members"): 4–10 characters of Korean letters, Latin letters and spaces,
 * with at
 * least one letter. Shared by the create-team dialog (message shown when the name is non-empty and invalid)
 * and `POST /api/workspace/setting/teams` (400 with the same message). No zod, so the client can import it.
 */
export const TEAM_NAME_MIN = 4;
export const TEAM_NAME_MAX = 10;
export const TEAM_NAME_MESSAGE = '팀 이름은 4~10자, 한글/영문/띄어쓰기로 입력해주세요.';

const ALLOWED = /^[가-힣A-Za-z ]+$/;
const LETTER = /[가-힣A-Za-z]/;

/** @returns the Korean message when `name` breaks the rule, else `null`. Checks the name exactly as typed. */
export function validateTeamName(name: string): string | null {
  const length = Array.from(name).length;
  if (length < TEAM_NAME_MIN || length > TEAM_NAME_MAX) return TEAM_NAME_MESSAGE;
  if (!ALLOWED.test(name) || !LETTER.test(name)) return TEAM_NAME_MESSAGE;
  return null;
}
