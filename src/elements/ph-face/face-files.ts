// Where face-api's ES module and the WebAssembly builds of its tfjs are. In the sources there are none (the detector
// cannot load there); the build replaces this module with one answering each file's URL: in dist/assets/ for the ES
// bundles, written so that an app's bundler copies them (scripts/standalone-script-plugin.mjs), beside the classic
// bundle for the classic scripts.

export interface FaceFileUrls {
  faceApi: string;
  /** Each of tfjs's WebAssembly binaries by its own name (`tfjs-backend-wasm.wasm` …). */
  wasm: Record<string, string>;
}

export function faceFiles(): FaceFileUrls | undefined {
  return undefined;
}
