/**
 * Babel: preset-env (browserslist targets for the bundle, current Node for Jest), React with the automatic
 * runtime (react-refresh in the dev server), TypeScript. Used by babel-loader (webpack) and babel-jest.
 */
export default function babelConfig(api) {
  const isTest = api.env('test');
  const isDevServer = api.env('development') && process.env.WEBPACK_SERVE === 'true';
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic', development: !isTest && api.env('development') }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: false }],
    ],
    plugins: isDevServer ? ['react-refresh/babel'] : [],
  };
}
