// Build-time facts, replaced by rollup (see rollup.config.mjs).
declare const __PH_VERSION__: string;
/** The folder of face-api's module and tfjs's WebAssembly, relative to the running script (rollup.config.mjs). */
declare const __PH_FACE_ASSETS__: string;

// Element styles are imported as text and placed in each element's shadow root.
declare module '*.css' {
  const css: string;
  export default css;
}
