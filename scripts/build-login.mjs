/**
 * Writes the static login page, `dist/onboarding/index.html` (and its .gz/.br), after webpack has emitted the SPA
 * (called by webpack.config.js's LoginPagePlugin; docs/performance.md "Lighthouse"). The server answers `/onboarding`
 * with it (a directory index under STATIC_DIR, server/spa.ts); every other client route keeps index.html.
 *
 * 1. Bundles src/app/start/renderLoginPage.tsx for Node with esbuild (the same components,
 *    theme and copy as the SPA) and renders the login screen to markup and CSS (react-dom/server, emotion).
 * 2. Takes the built index.html (its meta tags and favicon) and replaces: the title with the screen's, the app's
 *    scripts with the `login` entry's one deferred script, the stylesheets with one inline `<style>` (the global
 *    CSS, the @font-face rules of the Pretendard subsets the page's text can use, emotion's CSS), and the empty
 *    `#root` with the rendered markup plus the script's JSON configuration.
 * Nothing on the page blocks its first paint, which is its largest paint (the screen), and no React, MUI or router
 * code is loaded there. Keep the SPA's LoginPage and this page in step (renderLoginPage.tsx renders the former).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where the static login page goes under the output directory (served for `/onboarding`). */
export const LOGIN_PAGE_FILE = 'onboarding/index.html';

/** `U+AC00-D7A3, U+0041` → [[0xac00, 0xd7a3], [0x41, 0x41]]. */
export function parseUnicodeRange(value) {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, to = from] = part.split('-');
      if (from.includes('?'))
        return [parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)];
      return [parseInt(from, 16), parseInt(to, 16)];
    });
}

/**
 * Keeps, of `css`, the @font-face rules whose `unicode-range` covers a character of `text` (and those without a
 * range), and every other rule; collapses whitespace. The browser would download only those subsets anyway
 * (unicode-range): the rest are bytes the page never uses.
 */
export function fontFacesFor(css, text) {
  const codes = new Set([...text].map((ch) => ch.codePointAt(0)));
  const used = (range) => [...codes].some((c) => range.some(([from, to]) => c >= from && c <= to));
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
      const range = /unicode-range:\s*([^;}]+)/.exec(rule);
      return !range || used(parseUnicodeRange(range[1])) ? rule : '';
    })
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,])\s*/g, '$1')
    .trim();
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text a browser shows for `markup` (tags dropped, the few entities react-dom writes decoded). */
const textOf = (markup) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/**
 * Builds the page (see above). `root`: the repository; `outDir`: webpack's output directory; `indexHtml`: the built
 * index.html's path relative to it; `cssFiles`: the app entry's stylesheets (relative to `outDir`); `scriptSrc`:
 * the `login` entry's URL; `define`: the constants webpack defines (process.env.*). Returns the page's path.
 */
export async function buildLoginPage({
  root,
  outDir,
  indexHtml = 'index.html',
  cssFiles,
  scriptSrc,
  define,
}) {
  const bundle = path.join(root, '.cache/prerender/renderLoginPage.mjs');
  await build({
    entryPoints: [path.join(root, 'src/app/start/renderLoginPage.tsx')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    // CommonJS packages bundled into an ES module call require() for Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  const { renderLoginPage } = await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`);
  const page = renderLoginPage();

  const text =
    textOf(page.markup) +
    Object.values(page.config.oauthErrors).join('') +
    page.config.oauthFailed +
    Object.values(page.config.redirectFailed).join('') +
    // Printable ASCII: whatever a server message or a URL may bring.
    String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i));
  const css =
    cssFiles.map((file) => fontFacesFor(fs.readFileSync(path.join(outDir, file), 'utf8'), text)).join('') +
    page.css;
  const config = JSON.stringify(page.config).replace(/</g, '\\u003c');

  let html = fs.readFileSync(path.join(outDir, indexHtml), 'utf8');
  const replaceOnce = (pattern, replacement, what) => {
    if (!pattern.test(html)) throw new Error(`build-login: index.html has no ${what}`);
    html = html.replace(pattern, replacement);
  };
  replaceOnce(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  replaceOnce(/<script\b[^>]*><\/script>/g, '', 'scripts');
  replaceOnce(/<link\b[^>]*\brel="?stylesheet"?[^>]*>/g, '', 'stylesheets');
  replaceOnce(
    /<\/head>/,
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><script defer src="${scriptSrc}"></script></head>`,
    '</head>',
  );
  replaceOnce(
    /<div id="?root"?><\/div>/,
    `<div id="root">${page.markup}</div><script type="application/json" id="login-config">${config}</script>`,
    'empty #root',
  );

  const file = path.join(outDir, LOGIN_PAGE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  const bytes = Buffer.from(html);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  return file;
}
