import { ENDPOINTS } from '../../src/core/api/wire';

// The §7-as-written profile (`createServer({ specStrict: true })`, `PH_SPEC_STRICT=1`, issue 53): the field's back
// end serves spec §7 exactly, so this profile leaves out every call the reference server adds to it. This is the one
// list of those calls; docs/guide/server.md names them and test/server/spec-strict.test.ts holds both to it.

export interface AddedCall {
  method: 'GET' | 'POST';
  /** As registered (`:name` segments are parameters). */
  path: string;
  /** Why the reference server has it, in one line. */
  reason: string;
}

export const ADDED_CALLS: readonly AddedCall[] = [
  {
    method: 'POST',
    path: ENDPOINTS.faceChallenge,
    reason: 'the liveness challenge a face login or clock-in answers (issue 37); §7 sends the photo alone',
  },
  {
    method: 'GET',
    path: ENDPOINTS.faceAttendance,
    reason: "a user's clock-in rows, newest first: §7 records clock-ins but reads none back",
  },
  {
    method: 'POST',
    path: ENDPOINTS.socialBind,
    reason: 'finishes an `unbound` social login on the demo bind page (§2 names the page, §7 no call of it)',
  },
  {
    method: 'POST',
    path: ENDPOINTS.appIconOrder,
    reason: "keeps a school teacher's dragged icon order (§6 allows the drag, §7 has no call to save it)",
  },
  {
    method: 'POST',
    path: ENDPOINTS.unitFaceLogin,
    reason: "a unit admin turns face sign-in off or on (issue 67); §7's units have no such setting, so it is on",
  },
  { method: 'GET', path: ENDPOINTS.myFiles, reason: "lists the caller's own uploads; §7 has no call that lists files" },
  {
    method: 'GET',
    path: ENDPOINTS.storedFile,
    reason: 'serves an uploaded file by its MD5 (the `url` of an upload answer)',
  },
  { method: 'GET', path: ENDPOINTS.download, reason: 'the target of the hidden-form download helper, by query' },
  { method: 'POST', path: ENDPOINTS.download, reason: 'the target of the hidden-form download helper, by form post' },
];

/** Whether createServer registers this call: every call in the full profile, §7's alone in the strict one. */
export function serves(options: { specStrict: boolean }, method: AddedCall['method'], path: string): boolean {
  return !options.specStrict || !ADDED_CALLS.some((call) => call.method === method && call.path === path);
}
