/**
 * webpack 5 build of the SPA.
 * - production: content-hashed assets under dist/assets, route-level code splitting (every route component
 *   is a lazy chunk named `route-*`), extracted CSS, precompressed .gz and .br beside every text asset, and a
 *   size report of the initial chunks and the login route (fails the build over the 150 KB gzip budget).
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

const root = path.dirname(fileURLToPath(import.meta.url));
const LOGIN_ROUTE_CHUNK = 'route-login';
/**
 * The lazy chunks of a workspace list's first screen (src/app/routeChunks.ts): the store layout, the workspace
 * shell, the item page and the list page.
 */
const FIRST_SCREEN_CHUNKS = new Set(['app-store', 'route-workspace', 'route-items', 'route-item-list']);
/** The early script's entry (src/early.ts): its own runtime, no shared chunks, first in index.html. */
const EARLY_ENTRY = 'early';
const LOGIN_BUDGET_BYTES = 150 * 1024;
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

/** Prints the gzipped size of each initial chunk and of the login route; fails over the budget. */
class BundleReportPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BundleReportPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path;
      const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      const jsOf = (chunks) =>
        [...new Set([...chunks].flatMap((c) => [...c.files]))].filter((f) => f.endsWith('.js'));
      const initial = [EARLY_ENTRY, 'main'].flatMap((name) =>
        jsOf(compilation.entrypoints.get(name)?.chunks ?? []),
      );
      const loginGroup = compilation.namedChunkGroups.get(LOGIN_ROUTE_CHUNK);
      const loginOnly = loginGroup ? jsOf(loginGroup.chunks).filter((f) => !initial.includes(f)) : [];
      const rows = [
        ...initial.map((f) => ({ file: f, kind: 'initial', gzip: gz(f) })),
        ...loginOnly.map((f) => ({ file: f, kind: LOGIN_ROUTE_CHUNK, gzip: gz(f) })),
      ];
      const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
      const initialTotal = rows.filter((r) => r.kind === 'initial').reduce((s, r) => s + r.gzip, 0);
      const loginTotal = rows.reduce((s, r) => s + r.gzip, 0);
      console.log('\nGzipped JS (level 9):');
      for (const r of rows) console.log(`  ${r.kind.padEnd(12)} ${kb(r.gzip).padStart(9)}  ${r.file}`);
      console.log(`  initial total        ${kb(initialTotal)}`);
      console.log(`  login route total    ${kb(loginTotal)}  (budget ${kb(LOGIN_BUDGET_BYTES)})\n`);
      fs.writeFileSync(
        path.join(outDir, 'bundle-report.json'),
        JSON.stringify(
          { initialGzipBytes: initialTotal, loginRouteGzipBytes: loginTotal, files: rows },
          null,
          2,
        ),
      );
      if (loginTotal > LOGIN_BUDGET_BYTES) {
        compilation.errors.push(
          new Error(`Login route JS is ${kb(loginTotal)} gzipped, over ${kb(LOGIN_BUDGET_BYTES)}`),
        );
      }
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
      // 650 KB): the app then starts without it and renews the usual way (src/app/earlySession.ts).
      ...(serving ? {} : { [EARLY_ENTRY]: { import: './src/early.ts', runtime: false } }),
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
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(woff2?|png|jpe?g|gif|webp)$/, type: 'asset/resource' },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.LANDING_URL': JSON.stringify(process.env.LANDING_URL ?? '/onboarding'),
        'process.env.TERMS_URL': JSON.stringify(process.env.TERMS_URL ?? '/terms.html'),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
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
      production && new BundleReportPlugin(),
      serving && new ReactRefreshWebpackPlugin({ overlay: false }),
    ].filter(Boolean),
    optimization: {
      runtimeChunk: 'single',
      // The early script shares nothing: it must run alone, before the app's runtime and chunks.
      splitChunks: {
        chunks: (chunk) => chunk.name !== EARLY_ENTRY,
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
