import { pageSingleton } from '../shared';

// A file the widgets load by URL — the MD5 worker, the face detector's worker and face-api, the recorder's worklet —
// that does not load is said once a page in the console, with where it was asked for and what to do (issue 68).
// Before, an app whose bundler had not copied the file (Angular's) hashed on the page's thread and nobody knew.

export type LoadedByUrl = 'md5Worker' | 'faceDetector' | 'faceApi' | 'pcmWorklet';

const CONSEQUENCE: Record<LoadedByUrl, string> = {
  md5Worker:
    "the MD5 worker did not start; files are hashed on the page's own thread instead (slower, and the page waits)",
  faceDetector: "the face detector's worker did not start; faces are detected on the page's own thread instead",
  faceApi: 'face-api did not load; the face widget cannot detect faces',
  pcmWorklet: "the recorder's worklet did not load; voice commands cannot record",
};

const reported = /* @__PURE__ */ pageSingleton('unloaded-files', () => new Set<LoadedByUrl>());

/** Says once a page that `kind` did not load from `url`, and how to serve it. */
export function reportUnloaded(kind: LoadedByUrl, url: string): void {
  if (reported.has(kind)) return;
  reported.add(kind);
  console.warn(
    `ph-widgets: ${CONSEQUENCE[kind]} (${url}). Serve that file there: in an app, the files of ` +
      'node_modules/ph-widgets/dist/assets/ where its bundle asks for them (Vite, webpack 5 and Next.js copy them by ' +
      "themselves; Angular's application builder needs the assets line of README › Workers and assets), and beside " +
      'ph-widgets.js for the classic script. A Content-Security-Policy must allow it (worker-src, script-src).',
  );
}
