/**
 * webpack 5 build of the SPA.
 * - production: content-hashed assets under dist/assets, route-level code splitting (every route component
 *   is a lazy chunk named `route-*`), extracted CSS, precompressed .gz and .br beside every text asset, the static
 *   login page `dist/onboarding/index.html` (scripts/build-login.mjs) and a size report: the login page's JS with
 *   everything it loads or prefetches (fails the build over 120 KB gzip) and the SPA's start (initial chunks, the
 *   SPA's login route chunk and every chunk prefetched at start; fails over 150 KB gzip).
 * - development (`webpack serve`): dev server on :3000 with hot reload (react-refresh) and a proxy of the
 *   API, OAuth and upload paths to the Fastify server on :3001 (see scripts/dev.mjs).
 */
import path from 'node:path';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import { buildLoginPage, LOGIN_PAGE_FILE } from './scripts/build-login.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const LOGIN_ROUTE_CHUNK = 'route-login';
/**
 * The lazy chunks of a workspace list's first screen (src/app/start/routeChunks.ts): the store layout, the workspace
 * shell, the item page and the list page.
 */
const FIRST_SCREEN_CHUNKS = new Set(['app-store', 'route-workspace', 'route-items', 'route-item-list']);
/** The early script's entry (src/early.ts): its own runtime, no shared chunks, first in index.html. */
const EARLY_ENTRY = 'early';
/** The static login page's script (src/login.ts): its own runtime, no shared chunks, only on that page. */
const LOGIN_ENTRY = 'login';
/**
 * The login route (`/onboarding`, the static page): its JavaScript, compressed, with everything it prefetches
 * (issue #22: 120 KB). docs/performance.md "Bundle sizes".
 */
const LOGIN_BUDGET_BYTES = 120 * 1024;
/** The SPA's start (`/`, client navigation to the login screen): initial chunks + route-login + start prefetches. */
const SPA_START_BUDGET_BYTES = 150 * 1024;
/** What webpack defines for the client (DefinePlugin); the static login page's prerender gets the same. */
const CLIENT_DEFINES = {
  'process.env.LANDING_URL': JSON.stringify(process.env.LANDING_URL ?? '/onboarding'),
  'process.env.TERMS_URL': JSON.stringify(process.env.TERMS_URL ?? '/terms.html'),
};
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

/**
 * The early script (src/early.ts) runs while index.html is parsed: its tag goes first in <head>, without `defer`
 * (the app's own scripts keep `defer`), so its requests leave before the app's bundles have even arrived.
 */
class EarlyScriptFirstPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('EarlyScriptFirstPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('EarlyScriptFirstPlugin', (data) => {
        const isEarly = (tag) =>
          tag.tagName === 'script' && /\/early(\.[0-9a-f]+)?\.js$/.test(String(tag.attributes?.src ?? ''));
        const early = data.headTags.filter(isEarly);
        if (early.length !== 1)
          throw new Error(`index.html: expected one early script, found ${early.length}`);
        delete early[0].attributes.defer;
        // The first screen's chunk (src/early.ts preloads it for a signed-in start, beside the app's bundles).
        const firstScreen = [...(compilation.namedChunks.get('workspace-start')?.files ?? [])].find((file) =>
          file.endsWith('.js'),
        );
        if (firstScreen)
          early[0].attributes['data-first-screen'] = `${compilation.outputOptions.publicPath}${firstScreen}`;
        // An item's detail screen: its page and the description editor (src/early.ts preloads them for a detail URL).
        const detailScreen = ['route-item-detail', 'editor'].flatMap((name) =>
          (compilation.namedChunkGroups.get(name)?.chunks ?? []).flatMap((chunk) =>
            [...chunk.files].filter((file) => file.endsWith('.js') && file !== firstScreen),
          ),
        );
        if (detailScreen.length)
          early[0].attributes['data-detail-screen'] = [...new Set(detailScreen)]
            .map((file) => `${compilation.outputOptions.publicPath}${file}`)
            .join(' ');
        data.headTags = [...early, ...data.headTags.filter((tag) => !isEarly(tag))];
        return data;
      });
    });
  }
}

/**
 * Renders the static login page (scripts/build-login.mjs) once the SPA is emitted: it reuses the built index.html,
 * the app entry's stylesheets and the `login` entry's script.
 */
class LoginPagePlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('LoginPagePlugin', async (compilation) => {
      const filesOf = (name, ext) =>
        [...(compilation.entrypoints.get(name)?.getFiles() ?? [])].filter((f) => f.endsWith(ext));
      const [script] = filesOf(LOGIN_ENTRY, '.js');
      if (!script) throw new Error(`no ${LOGIN_ENTRY} entry script`);
      await buildLoginPage({
        root,
        outDir: compilation.outputOptions.path,
        cssFiles: filesOf('main', '.css'),
        scriptSrc: `${compilation.outputOptions.publicPath}${script}`,
        define: CLIENT_DEFINES,
      });
    });
  }
}

/**
 * Prints the compressed size (gzip level 9 and brotli 11, as the server sends them) of (1) the login route as
 * served — every script the static login page (`dist/onboarding/index.html`) references, loads or prefetches —
 * and (2) the SPA's start: the initial chunks, the SPA's login route chunk and every chunk prefetched or preloaded
 * when the entry starts. Fails the build when (1) is over LOGIN_BUDGET_BYTES or (2) over SPA_START_BUDGET_BYTES
 * (gzip). Writes dist/bundle-report.json.
 */
class BundleReportPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BundleReportPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path;
      const publicPath = compilation.outputOptions.publicPath;
      const read = (file) => fs.readFileSync(path.join(outDir, file));
      const sizes = (file) => ({
        file,
        gzip: zlib.gzipSync(read(file), { level: 9 }).length,
        brotli: zlib.brotliCompressSync(read(file), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      });
      const { chunkGraph } = compilation;
      const jsOf = (chunks) =>
        [...new Set([...chunks].flatMap((c) => [...c.files]))].filter((f) => f.endsWith('.js'));
      /** Chunks webpack prefetches or preloads once `chunks` have loaded (`webpackPrefetch`/`webpackPreload`). */
      const startHints = (chunks) =>
        [...chunks].flatMap((chunk) => {
          const orders = chunk.getChildIdsByOrders(chunkGraph);
          const ids = new Set([...(orders.prefetch ?? []), ...(orders.preload ?? [])]);
          return [...compilation.chunks].filter((c) => ids.has(c.id));
        });

      // (1) The login page as served: its <script src>, any <link> that fetches a script, and every chunk its
      // script may load (lazy imports, counted as loaded) or prefetch.
      const page = fs.readFileSync(path.join(outDir, LOGIN_PAGE_FILE), 'utf8');
      const links = [...page.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
      const referenced = [
        ...[...page.matchAll(/<script\b[^>]*\bsrc="?([^" >]+)/g)].map((m) => m[1]),
        ...links
          .filter(
            (tag) =>
              /\brel="?modulepreload\b/.test(tag) ||
              (/\brel="?(?:preload|prefetch)\b/.test(tag) && /\bas="?script\b/.test(tag)),
          )
          .map((tag) => /\bhref="?([^" >]+)/.exec(tag)?.[1] ?? ''),
      ].map((href) => href.slice(publicPath.length));
      const reachable = new Set();
      const visit = (group) => {
        if (reachable.has(group)) return;
        reachable.add(group);
        for (const child of group.childrenIterable) visit(child);
      };
      const loginEntry = compilation.entrypoints.get(LOGIN_ENTRY);
      if (loginEntry) visit(loginEntry);
      const loginChunks = [...reachable].flatMap((group) => group.chunks);
      const loginFiles = [
        ...new Set([...referenced, ...jsOf(loginChunks), ...jsOf(startHints(loginChunks))]),
      ];

      // (2) The SPA's start.
      const initialChunks = [EARLY_ENTRY, 'main'].flatMap(
        (name) => compilation.entrypoints.get(name)?.chunks ?? [],
      );
      const initial = jsOf(initialChunks);
      const loginGroup = compilation.namedChunkGroups.get(LOGIN_ROUTE_CHUNK);
      const routeLogin = loginGroup ? jsOf(loginGroup.chunks).filter((f) => !initial.includes(f)) : [];
      const prefetched = jsOf([...startHints(initialChunks), ...startHints(loginGroup?.chunks ?? [])]).filter(
        (f) => !initial.includes(f) && !routeLogin.includes(f),
      );

      const rows = [
        ...loginFiles.map((f) => ({ ...sizes(f), kind: 'login page' })),
        ...initial.map((f) => ({ ...sizes(f), kind: 'initial' })),
        ...routeLogin.map((f) => ({ ...sizes(f), kind: LOGIN_ROUTE_CHUNK })),
        ...prefetched.map((f) => ({ ...sizes(f), kind: 'prefetched' })),
      ];
      const sum = (kinds, key) => rows.filter((r) => kinds.includes(r.kind)).reduce((s, r) => s + r[key], 0);
      const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
      const login = { gzip: sum(['login page'], 'gzip'), brotli: sum(['login page'], 'brotli') };
      const spaKinds = ['initial', LOGIN_ROUTE_CHUNK, 'prefetched'];
      const spa = { gzip: sum(spaKinds, 'gzip'), brotli: sum(spaKinds, 'brotli') };
      console.log('\nCompressed JS (gzip 9 / brotli 11):');
      for (const r of rows)
        console.log(
          `  ${r.kind.padEnd(12)} ${kb(r.gzip).padStart(9)} ${kb(r.brotli).padStart(9)}  ${r.file}`,
        );
      console.log(
        `  login route (${LOGIN_PAGE_FILE}) total ${kb(login.gzip)} / ${kb(login.brotli)}` +
          `  (budget ${kb(LOGIN_BUDGET_BYTES)}, prefetches included)`,
      );
      console.log(
        `  SPA start (initial + ${LOGIN_ROUTE_CHUNK} + prefetched) ${kb(spa.gzip)} / ${kb(spa.brotli)}` +
          `  (budget ${kb(SPA_START_BUDGET_BYTES)})\n`,
      );
      fs.writeFileSync(
        path.join(outDir, 'bundle-report.json'),
        JSON.stringify(
          {
            loginRouteGzipBytes: login.gzip,
            loginRouteBrotliBytes: login.brotli,
            spaStartGzipBytes: spa.gzip,
            spaStartBrotliBytes: spa.brotli,
            initialGzipBytes: sum(['initial'], 'gzip'),
            files: rows,
          },
          null,
          2,
        ),
      );
      if (login.gzip > LOGIN_BUDGET_BYTES)
        compilation.errors.push(
          new Error(`Login route JS is ${kb(login.gzip)} gzipped, over ${kb(LOGIN_BUDGET_BYTES)}`),
        );
      if (spa.gzip > SPA_START_BUDGET_BYTES)
        compilation.errors.push(
          new Error(`The SPA's start is ${kb(spa.gzip)} gzipped, over ${kb(SPA_START_BUDGET_BYTES)}`),
        );
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const serving = process.env.WEBPACK_SERVE === 'true';
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: {
      // Not under the dev server, which would add its hot-reload client to this entry too (a second client, and
      // 650 KB): the app then starts without it and renews the usual way (src/app/start/earlySession.ts).
      ...(serving
        ? {}
        : {
            [EARLY_ENTRY]: { import: './src/early.ts', runtime: false },
            [LOGIN_ENTRY]: { import: './src/login.ts', runtime: false },
          }),
      main: './src/index.tsx',
    },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    devtool: production ? false : 'eval-cheap-module-source-map',
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(root, '.cache/webpack'),
      buildDependencies: { config: [fileURLToPath(import.meta.url), path.join(root, 'babel.config.js')] },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: {
              cacheDirectory: path.join(root, '.cache/babel'),
              envName: production ? 'production' : 'development',
            },
          },
        },
        // contract/ modules are declarations without side effects: a chunk that uses none of a module's values
        // (the early script and groupings.ts, say) leaves the module out instead of keeping its top-level code.
        { test: /[\\/]contract[\\/].*\.ts$/, sideEffects: false },
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(woff2?|png|jpe?g|gif|webp)$/, type: 'asset/resource' },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(CLIENT_DEFINES),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        excludeChunks: [LOGIN_ENTRY],
      }),
      !serving && new EarlyScriptFirstPlugin(),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } }],
      }),
      production &&
        new MiniCssExtractPlugin({
          filename: 'assets/[name].[contenthash:10].css',
          chunkFilename: 'assets/[name].[contenthash:10].css',
        }),
      production &&
        new CompressionPlugin({
          filename: '[path][base].gz',
          algorithm: 'gzip',
          test: /\.(js|css|html|svg|json)$/,
          threshold: 1024,
          compressionOptions: { level: 9 },
        }),
      production &&
        new CompressionPlugin({
          filename: '[path][base].br',
          algorithm: 'brotliCompress',
          test: /\.(js|css|html|svg|json)$/,
          threshold: 1024,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        }),
      production && !serving && new LoginPagePlugin(),
      production && !serving && new BundleReportPlugin(),
      serving && new ReactRefreshWebpackPlugin({ overlay: false }),
    ].filter(Boolean),
    optimization: {
      runtimeChunk: 'single',
      // The early script shares nothing: it must run alone, before the app's runtime and chunks; nor does the
      // static login page's script (its page loads nothing else).
      splitChunks: {
        chunks: (chunk) => chunk.name !== EARLY_ENTRY && chunk.name !== LOGIN_ENTRY,
        cacheGroups: {
          // Every lazily loaded module of the first screen in one chunk, which the other workspace routes share:
          // with webpack's default split, a fresh tab at a list fetched and evaluated 14 small chunks before its
          // first rows, each a request and a task of its own (docs/performance.md "App start").
          workspaceStart: {
            name: 'workspace-start',
            chunks: 'async',
            // Not what the login route loads too: that stays in the login route's own small chunks (budget).
            test: (module, { chunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              return (
                chunks.some((chunk) => FIRST_SCREEN_CHUNKS.has(chunk.name)) &&
                !chunks.some((chunk) => chunk.name === LOGIN_ROUTE_CHUNK)
              );
            },
            enforce: true,
            priority: 100,
          },
        },
      },
    },
    performance: { hints: false },
    stats: production ? { preset: 'errors-warnings', timings: true } : 'minimal',
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        {
          context: ['/api', '/oauth2', '/login/oauth2', '/slack', '/uploads'],
          target: API_TARGET,
          xfwd: true,
        },
      ],
    },
  };
};
