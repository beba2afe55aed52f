import type { Provider } from '../../../contract';

const PROVIDER_LABEL: Record<Provider, string> = { google: 'Google', kakao: '카카오', oidc: '사내 계정' };

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export interface DevSignInPageOptions {
  provider: Provider;
  values?: { name?: string; email?: string };
  /** field → Korean message, shown under the field. */
  errors?: Partial<Record<'name' | 'email', string>>;
}

/**
 * The development sign-in page (docs/product.md "Sign-in and session"): plain HTML, no JavaScript, Korean,
 * posting `name` and `email` to `POST /oauth2/dev/{provider}`. Only served when the provider has no client id and
 * NODE_ENV is not production. Inline `<style>` is allowed by the CSP (`style-src 'unsafe-inline'`).
 */
export function renderDevSignInPage({ provider, values = {}, errors = {} }: DevSignInPageOptions): string {
  const label = PROVIDER_LABEL[provider];
  const field = (
    id: 'name' | 'email',
    text: string,
    type: string,
    autocomplete: string,
    placeholder: string,
  ) => {
    const error = errors[id];
    return `
      <div class="field">
        <label for="${id}">${text}</label>
        <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" placeholder="${placeholder}"
          value="${escapeHtml(values[id] ?? '')}" required${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
        ${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
      </div>`;
  };
  return `<!doctype html>
<html lang="ko">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>개발용 로그인 · Momentum</title>
  <style>
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f9fafb;
      font-family: Pretendard, 'Noto Sans KR', system-ui, sans-serif; color: #1f2329; }
    main { width: min(400px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 32px;
      box-shadow: 0 4px 24px rgba(0, 0, 0, 0.08); }
    h1 { font-size: 22px; margin: 0 0 8px; }
    .notice { font-size: 14px; line-height: 1.6; color: #8a4b00; background: #fff4e5; border-radius: 8px;
      padding: 12px; margin: 0 0 24px; }
    .field { margin-bottom: 16px; }
    label { display: block; font-size: 14px; font-weight: 600; margin-bottom: 6px; }
    input { box-sizing: border-box; width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #cfd3d9;
      border-radius: 8px; }
    input[aria-invalid="true"] { border-color: #d44242; }
    .error { color: #d44242; font-size: 13px; margin: 6px 0 0; }
    button { width: 100%; font: inherit; font-weight: 600; padding: 12px; border: 0; border-radius: 8px;
      background: #132650; color: #fff; cursor: pointer; margin-top: 8px; }
  </style>
</head>
<body>
  <main>
    <h1>개발용 로그인 (${label})</h1>
    <p class="notice">이 화면은 개발 환경에서만 사용하는 로그인입니다. ${label} 로그인이 설정되지 않아
      실제 ${label} 계정 대신 입력한 이름과 이메일로 로그인합니다. 운영 환경에서는 사용할 수 없습니다.</p>
    <form method="post" action="/oauth2/dev/${provider}">
      ${field('name', '이름', 'text', 'name', '홍길동')}
      ${field('email', '이메일', 'email', 'email', 'name@example.com')}
      <button type="submit">로그인</button>
    </form>
  </main>
</body>
</html>
`;
}
