import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: '문자열',
  number: '숫자',
  int: '정수',
  boolean: '참/거짓 값',
  array: '배열',
  object: '객체',
  date: '날짜',
  bigint: '정수',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: '올바른 이메일 주소를 입력해 주세요.',
  url: '올바른 URL을 입력해 주세요.',
  uuid: '올바른 UUID가 아닙니다.',
  date: 'YYYY-MM-DD 형식의 날짜를 입력해 주세요.',
  datetime: 'ISO-8601 형식의 일시를 입력해 주세요.',
};

/**
 * Korean messages for zod issues that a schema does not word itself (validation 400s put them in
 * `result`, field → message). Returns undefined for anything else, which falls back to zod's `ko` locale.
 */
export const koreanErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return '필수 항목입니다.';
      return `${TYPE_NAMES[issue.expected] ?? issue.expected} 형식이어야 합니다.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '값을 입력해 주세요.' : `${min}자 이상 입력해 주세요.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${min}개 이상이어야 합니다.`;
      return issue.inclusive === false ? `${min}보다 커야 합니다.` : `${min} 이상이어야 합니다.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${max}자 이하로 입력해 주세요.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${max}개 이하여야 합니다.`;
      return issue.inclusive === false ? `${max}보다 작아야 합니다.` : `${max} 이하여야 합니다.`;
    }
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? '형식이 올바르지 않습니다.';
    case 'invalid_value':
      return `다음 중 하나여야 합니다: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `알 수 없는 항목입니다: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
};

let installed = false;

/** Installs the Korean messages globally (zod's `ko` locale plus `koreanErrorMap`); idempotent. */
export function installKoreanZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ ...z.locales.ko(), customError: koreanErrorMap });
}
