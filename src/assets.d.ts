/** Side-effect stylesheet imports (extracted by mini-css-extract-plugin, stubbed in Jest). */
declare module '*.css';

/** SVG and image files bundled as asset URLs. */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
