import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

/** Field message of a text that holds a NUL character. */
export const NUL_MESSAGE = '허용되지 않는 문자(NUL)가 포함되어 있습니다.';

/**
 * Where in `value` (a parsed JSON body, query or params object) a string holds U+0000, as a dotted path
 * (`title`, `deadline.start`, `managersId.2`), or null. PostgreSQL `text` cannot store NUL, so such input would
 * otherwise fail at the database. Walks with an explicit stack: a deeply nested body cannot overflow the call stack.
 */
export function findNulCharacter(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || root;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return path || root;
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * App-wide `preValidation` hook: 400 `VALID400_1` (`result.<field>`: `NUL_MESSAGE`) for a NUL character anywhere in
 * the path parameters, query string or parsed body (JSON or form), before any route looks at them — one place
 * instead of a rule on every text field (docs/security.md "Input").
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [root, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const field = findNulCharacter(value, root);
    if (field !== null) throw new ApiError('VALID400_1', { [field]: NUL_MESSAGE });
  }
}
