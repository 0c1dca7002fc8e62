import { pageSingleton } from '../shared';

// A file the widgets load by URL — the MD5 worker, the face detector's worker and face-api, the recorder's worklet —
// that does not load is said once a page in the console, with where it was asked for and what to do (issue 68).
// Before, an app whose bundler had not copied the file (Angular's) hashed on the page's thread and nobody knew.

export type LoadedByUrl = 'md5Worker' | 'faceDetector' | 'faceApi' | 'pcmWorklet';

const CONSEQUENCE: Record<LoadedByUrl, string> = {
  md5Worker: "the MD5 worker did not start (files are hashed on the page's thread)",
  faceDetector: "the face detector's worker did not start (faces are detected on the page's thread)",
  faceApi: 'face-api did not load (no face detection)',
  pcmWorklet: "the recorder's worklet did not load (no voice commands)",
};

const reported = /* @__PURE__ */ pageSingleton('unloaded-files', () => new Set<LoadedByUrl>());

/** Says once a page that `kind` did not load from `url`, and how to serve it. */
export function reportUnloaded(kind: LoadedByUrl, url: string): void {
  if (reported.has(kind)) return;
  reported.add(kind);
  console.warn(
    `ph-widgets: ${CONSEQUENCE[kind]}: ${url}. Serve ph-widgets/dist/assets/ there (README › Workers and assets: ` +
      "Angular needs one assets line; the classic script's files lie beside it) and let a CSP allow it.",
  );
}
