// Build-time facts, replaced by rollup (see rollup.config.mjs).
declare const __PH_VERSION__: string;

// Element styles are imported as text and placed in each element's shadow root.
declare module '*.css' {
  const css: string;
  export default css;
}
