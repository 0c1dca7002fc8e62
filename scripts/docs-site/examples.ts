// The live examples of the docs site: each is a page of its own (an iframe), so each has its own page state — its own
// signed-in account, its own dialogs — and shows an element in one state. `markup` is what a page writes; `play`,
// when a state needs a step after the element renders (a blur, a file, a click), is what the example runs, shown
// under it. `account` signs the example in with a bearer token of its own (assets/example.js).

import { FACE_SCENES } from './states/face';
import { VOICE_SCENES } from './states/voice';

export type DemoAccount = 'teacher' | 'parent' | 'student' | 'staff' | 'areauser' | 'terminal';

/** Every state of an element's machine, each drawn by the element's own view (assets/states.js, states/). */
export interface Gallery {
  /** The gallery's element for one state: docs-face-state or docs-voice-state. */
  tag: string;
  scenes: readonly string[];
}

export interface Example {
  /** The example's file name under examples/<tag>/. */
  id: string;
  title: string;
  markup: string;
  play?: string;
  account?: DemoAccount;
  /** The iframe's height in px: room for what the state shows (a dialog needs more); a gallery grows to fit. */
  height: number;
  /** Shown instead of `markup` (which stays what a page writes, in the snippets). */
  gallery?: Gallery;
}

/** Runs in the example page: the element's shadow root, once it has rendered what `selector` finds. */
const rendered = (tag: string, selector: string) =>
  `const root = await example.rendered(document.querySelector('${tag}'), '${selector}');`;

/** Chooses a file of `bytes` (see example.file), once the uploader has rendered. */
const bigFileInto = (name: string, bytes: number) =>
  `${rendered('ph-uploader', 'input[type=file]')}
example.choose(root.querySelector('input[type=file]'), example.file('${name}', ${bytes}));`;

/** A row whose first chunk has reached the server: its upload bar has moved. */
const SENDING = 'li.file.uploading [part=upload-progress]:not([value="0"])';

/** Waits until the file's row is in `status` (its class). */
const rowIn = (status: string) => `await example.rendered(document.querySelector('ph-uploader'), 'li.file.${status}');`;

/** A file sent slowly; once its first chunk has reached the server, its `action` button is pressed. */
const pressedWhileSending = (action: string, status: string) => `example.slowNetwork(1500);
${bigFileInto('lesson-video.mp4', 4 * 1024 * 1024)}
await example.rendered(document.querySelector('ph-uploader'), '${SENDING}');
root.querySelector('li.file.uploading [data-action=${action}]').click();
${rowIn(status)}`;

const fileInto = (name: string, text: string) =>
  `${rendered('ph-uploader', 'input[type=file]')}
example.choose(root.querySelector('input[type=file]'), new File([${JSON.stringify(text)}], '${name}'));`;

export const EXAMPLES: Record<string, Example[]> = {
  'ph-login': [
    { id: 'inline', title: 'The login page’s form', markup: '<ph-login></ph-login>', height: 460 },
    {
      id: 'field-errors',
      title: 'A field left empty: its message under it',
      markup: '<ph-login></ph-login>',
      play: `${rendered('ph-login', 'input')}
const account = root.querySelector('input');
account.focus();
account.blur();`,
      height: 460,
    },
    {
      id: 'platforms',
      title: 'With third-party sign-ins',
      markup: `<ph-login platforms='[{"provider":"qy","name":"企业微信"},{"provider":"mp","name":"微信"}]'></ph-login>`,
      height: 520,
    },
    {
      id: 'dialog',
      title: 'Dialog: signing in again',
      markup: '<ph-login mode="dialog" open></ph-login>',
      height: 520,
    },
  ],
  'ph-header': [
    {
      id: 'teacher',
      title: 'A teacher',
      account: 'teacher',
      markup: '<ph-header no-redirect></ph-header>',
      // The to-do panel pops up at the frame's bottom right (issue 69: 120 px cut it).
      height: 420,
    },
    {
      id: 'parent',
      title: 'A parent: the child they are looking at',
      account: 'parent',
      markup: '<ph-header no-redirect></ph-header>',
      // The child picker opens itself when the remembered child is not the current one (§4 Parent): room for it.
      height: 520,
    },
    {
      id: 'student',
      title: 'A student',
      account: 'student',
      markup: '<ph-header no-redirect></ph-header>',
      height: 420,
    },
    {
      id: 'staff',
      title: 'A staff member',
      account: 'staff',
      markup: '<ph-header no-redirect></ph-header>',
      height: 420,
    },
    {
      id: 'area',
      title: 'An area (district) user',
      account: 'areauser',
      markup: '<ph-header no-redirect></ph-header>',
      height: 420,
    },
    {
      id: 'with-voice',
      title: 'With the voice button in its end slot',
      account: 'teacher',
      markup: '<ph-header no-redirect>\n  <ph-voice slot="end"></ph-voice>\n</ph-header>',
      height: 420,
    },
  ],
  'ph-footer': [
    {
      id: 'plain',
      title: 'The unit’s footer',
      account: 'teacher',
      markup: '<ph-footer no-version-check></ph-footer>',
      height: 120,
    },
    {
      id: 'version-dialog',
      title: 'The version dialog',
      account: 'teacher',
      markup: '<ph-footer no-version-check></ph-footer>',
      play: `${rendered('ph-footer', '[part~=version]')}
root.querySelector('[part~=version]').click();`,
      height: 680,
    },
  ],
  'ph-modal': [
    {
      id: 'open',
      title: 'A dialog',
      markup:
        '<ph-modal open heading="通知 · Notice" width="360px">\n  <p>Text the page puts in the dialog.</p>\n</ph-modal>',
      height: 360,
    },
    {
      id: 'stacked',
      title: 'Two dialogs stacked: the later one on top, Escape closes it first',
      markup: `<ph-modal open heading="第一层 · First" width="420px">
  <p>The first dialog.</p>
</ph-modal>
<ph-modal open heading="第二层 · Second" width="300px" top="30%">
  <p>Opened after the first.</p>
</ph-modal>`,
      height: 420,
    },
  ],
  'ph-picker': [
    {
      id: 'default',
      title: 'As it starts: #000, 14px, Microsoft YaHei',
      markup: '<ph-picker></ph-picker>',
      height: 260,
    },
    {
      id: 'chosen',
      title: 'A choice set by the page; a change shows its ph-picker-change payload',
      markup: `<ph-picker color="#c00000" font-size="18px" font-family="KaiTi"></ph-picker>
<pre id="payload"></pre>`,
      play: `${rendered('ph-picker', '[part~=size]')}
document.querySelector('ph-picker').addEventListener('ph-picker-change', (event) => {
  document.querySelector('#payload').textContent = JSON.stringify(event.detail);
});
const size = root.querySelector('[part~=size]');
size.value = '20px';
size.dispatchEvent(new Event('change', { bubbles: true }));`,
      height: 320,
    },
  ],
  'ph-uploader': [
    {
      id: 'empty',
      title: 'Ready for files',
      account: 'teacher',
      markup: '<ph-uploader multiple></ph-uploader>',
      height: 300,
    },
    {
      id: 'waiting',
      title: 'A file waiting to start (no auto-start)',
      account: 'teacher',
      markup: '<ph-uploader></ph-uploader>',
      play: fileInto('lesson-plan.pdf', 'A lesson plan.'),
      height: 320,
    },
    {
      id: 'done',
      title: 'A file uploaded',
      account: 'teacher',
      markup: '<ph-uploader auto-start></ph-uploader>',
      play: fileInto('class-notes.pdf', 'Notes of the class, uploaded from the docs site.'),
      height: 320,
    },
    {
      id: 'hashing',
      title: 'Hashing a file before it is sent (the example’s disk is slowed to 512 KB/s)',
      account: 'teacher',
      markup: '<ph-uploader auto-start></ph-uploader>',
      play: `example.slowDisk(512 * 1024);
${bigFileInto('recording.mp4', 6 * 1024 * 1024)}
${rowIn('hashing')}`,
      height: 320,
    },
    {
      id: 'uploading',
      title: 'Uploading, chunk by chunk (the example’s connection waits 1.5 s per request)',
      account: 'teacher',
      markup: '<ph-uploader auto-start chunk-size="512KB" parallel="1"></ph-uploader>',
      play: `example.slowNetwork(1500);
${bigFileInto('lesson-video.mp4', 4 * 1024 * 1024)}
${rowIn('uploading')}`,
      height: 320,
    },
    {
      id: 'paused',
      title: 'Paused by the person, to resume later',
      account: 'teacher',
      markup: '<ph-uploader auto-start chunk-size="512KB" parallel="1"></ph-uploader>',
      play: pressedWhileSending('pause', 'paused'),
      height: 320,
    },
    {
      id: 'cancelled',
      title: 'Cancelled',
      account: 'teacher',
      markup: '<ph-uploader auto-start chunk-size="512KB" parallel="1"></ph-uploader>',
      play: pressedWhileSending('abort', 'aborted'),
      height: 320,
    },
    {
      id: 'failed',
      title: 'Failed: the connection dropped (no retries set), with Retry',
      account: 'teacher',
      markup: '<ph-uploader auto-start retry-delays="[]"></ph-uploader>',
      play: `example.offline();
${bigFileInto('report.pdf', 256 * 1024)}
${rowIn('error')}`,
      height: 320,
    },
    {
      id: 'refused',
      title: 'A file refused before anything is sent',
      account: 'teacher',
      markup: '<ph-uploader accept=".pdf,.docx" auto-start></ph-uploader>',
      play: fileInto('photo.exe', 'not a document'),
      height: 320,
    },
  ],
  'ph-face': [
    {
      id: 'collect',
      title: 'Registering a face',
      account: 'teacher',
      markup: '<ph-face user-id="u-teacher"></ph-face>',
      height: 560,
    },
    { id: 'login', title: 'Signing in with a face', markup: '<ph-face mode="login"></ph-face>', height: 560 },
    {
      id: 'clock-in',
      title: 'Clocking in, at the school’s clock-in terminal',
      account: 'terminal',
      markup: '<ph-face mode="orther"></ph-face>',
      height: 560,
    },
    {
      id: 'states',
      title: 'Every state of the face machine, in each mode (collect, login, clock-in)',
      markup: '<ph-face mode="login"></ph-face>',
      gallery: { tag: 'docs-face-state', scenes: FACE_SCENES },
      height: 1200,
    },
  ],
  'ph-voice': [
    { id: 'ready', title: 'Ready: press and speak', account: 'teacher', markup: '<ph-voice></ph-voice>', height: 120 },
    { id: 'disabled', title: 'Disabled', markup: '<ph-voice disabled></ph-voice>', height: 120 },
    {
      id: 'states',
      title: 'Every state of the voice machine, from press to result or message',
      markup: '<ph-voice></ph-voice>',
      gallery: { tag: 'docs-voice-state', scenes: VOICE_SCENES },
      height: 600,
    },
  ],
};
