import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { freshPage, noticeTexts, PASSWORD, requestsTo, shadow } from './login-helpers';
import { waitUntil } from './wait';

// <ph-face> in Chromium with its built-in fake camera (web-test-runner.config.mjs): a moving test pattern with no
// face in it, against the reference server (the digest matcher accepts any photo). Automatic capture with a real
// face and the detector is the e2e tier's (test/e2e/face.test.ts).

await loadElements('ph-face');

type FaceElement = HTMLElementTagNameMap['ph-face'];

const FACE_CHECK = core.ENDPOINTS.faceCheck;
const BUTTONS = {
  'zh-CN': { photograph: '拍照', again: '重拍', save: '保存' },
  en: { photograph: 'Photograph', again: 'Again', save: 'Save' },
  'zh-HK': { photograph: '拍照', again: '重拍', save: '儲存' },
} as const;

/**
 * Signs in as the login page would, then dismisses that page's own success toast: it is the setup's, and tests
 * check that the widget adds none.
 */
async function signIn(username: string): Promise<void> {
  const outcome = await core.login({ username, password: PASSWORD }, core.authDeps());
  if (outcome.status !== 'ok') throw new Error(`${username} could not sign in`);
  expect(noticeTexts()).to.deep.equal(['登录成功']);
  for (const notice of core.$notices.get()) core.dismiss(notice.id);
}

/** The collect buttons shown, by their names. */
function buttonNames(face: FaceElement): string[] {
  return [...shadow(face).querySelectorAll<HTMLButtonElement>('[part~="buttons"] button')].map(
    (button) => button.textContent?.trim() ?? '',
  );
}

function buttonNamed(face: FaceElement, name: string): HTMLButtonElement {
  const found = [...shadow(face).querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button named "${name}"`);
  return found;
}

function noticeText(face: FaceElement): string {
  return shadow(face).querySelector('[part~="notice"]')?.textContent?.trim() ?? '';
}

function statusOf(face: FaceElement): string | null | undefined {
  return shadow(face).querySelector('section')?.getAttribute('data-status');
}

/** Waits for `status`; a failure names the status the widget was left in (not the one it started from). */
async function statusIs(face: FaceElement, status: string): Promise<void> {
  try {
    await waitUntil(() => statusOf(face) === status, '');
  } catch {
    throw new Error(`ph-face never reached ${status} (it is ${statusOf(face)})`);
  }
}

/** A small JPEG (base64, no data: prefix) for registering a face directly (the digest matcher takes any photo). */
async function aPhoto(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#c9a27e';
  context.fillRect(0, 0, 64, 64);
  return canvas.toDataURL('image/jpeg', 1).split(',')[1]!;
}

function liveTracks(face: FaceElement): MediaStreamTrack[] {
  const video = shadow(face).querySelector('video');
  return video?.srcObject instanceof MediaStream ? video.srcObject.getTracks() : [];
}

describe('ph-face', () => {
  beforeEach(async () => {
    await freshPage('/demo/face/');
  });

  it('says that collect needs a userId, in the current language, and tells the page', async () => {
    const errors: string[] = [];
    document.addEventListener('ph-face-error', (event) => errors.push(event.detail.reason), { once: true });
    const face = await fixture<FaceElement>(html`<ph-face mode="collect"></ph-face>`);
    await waitUntil(() => noticeText(face) === '未找到 userId', 'no userId message');
    // The event leaves from an effect, which may run after the message was painted: wait for it too.
    await waitUntil(() => errors.length > 0, 'no ph-face-error');
    expect(errors).to.deep.equal(['userIdMissing']);
    expect(buttonNames(face)).to.deep.equal([]);
    core.$language.set('en');
    await waitUntil(() => noticeText(face) === 'userId not found', 'no English userId message');
  });

  it('takes a photo after the countdown and saves it as the base64 of a 480 × 480 JPEG', async () => {
    await signIn('teacher');
    const face = await fixture<FaceElement>(html`<ph-face mode="collect" user-id="u-teacher" countdown="2"></ph-face>`);
    await statusIs(face, 'countdown');
    expect(noticeText(face)).to.match(/^准备拍摄：[12]$/);
    expect(buttonNames(face)).to.deep.equal(['拍照', '保存']);
    expect(buttonNamed(face, '拍照').disabled, 'Photograph before the countdown ends').to.equal(true);
    expect(buttonNamed(face, '保存').disabled, 'Save before a photo').to.equal(true);

    await statusIs(face, 'ready');
    buttonNamed(face, '拍照').click();
    await statusIs(face, 'captured');
    expect(buttonNames(face)).to.deep.equal(['重拍', '保存']);
    expect(buttonNamed(face, '保存').disabled).to.equal(false);
    // Issue 54: below 761 px the photo has the body's proportions, not the stage's square; it is shown whole.
    const preview = shadow(face).querySelector<HTMLImageElement>('[part~="photo"]')!;
    expect(getComputedStyle(preview).objectFit).to.equal('contain');

    const saved = oneEvent(face, 'ph-face-save-success');
    buttonNamed(face, '保存').click();
    const { detail } = await saved;
    expect(detail.userId).to.equal('u-teacher');
    await waitUntil(() => noticeText(face) === '人脸采集完成！', 'no success message');

    const [sent] = requestsTo(FACE_CHECK);
    const body = JSON.parse(sent!.body) as { faceImage: string; userId: string };
    expect(body.userId).to.equal('u-teacher');
    expect(body.faceImage.startsWith('data:')).to.equal(false);
    const bytes = Uint8Array.from(atob(body.faceImage), (char) => char.charCodeAt(0));
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xff, 0xd8, 0xff]);
    const picture = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    expect([picture.width, picture.height]).to.deep.equal([480, 480]);
  });

  it('shows only Again for a face already registered, then Photograph and Save', async () => {
    await signIn('admin');
    await core.request({
      url: FACE_CHECK,
      method: 'post',
      json: true,
      data: { faceImage: await aPhoto(), userId: 'u-admin' },
    });
    const face = await fixture<FaceElement>(html`<ph-face mode="collect" user-id="u-admin" countdown="1"></ph-face>`);
    await statusIs(face, 'registered');
    expect(buttonNames(face)).to.deep.equal(['重拍']);
    const photo = shadow(face).querySelector<HTMLImageElement>('[part~="photo"]')!;
    expect(photo.alt).to.match(/^已登记的人脸（\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/);
    buttonNamed(face, '重拍').click();
    await statusIs(face, 'countdown');
    expect(buttonNames(face)).to.deep.equal(['拍照', '保存']);
  });

  it("shows a refused save's message in the widget with Click to try again, never as a toast, and keeps the photo", async () => {
    await signIn('teacher');
    const errors: (string | undefined)[] = [];
    const listener = (event: GlobalEventHandlersEventMap['ph-face-error']) => errors.push(event.detail.message);
    document.addEventListener('ph-face-error', listener);
    // A teacher may not register another person's face (403); the failed record load only stops the spinner.
    const face = await fixture<FaceElement>(html`<ph-face mode="collect" user-id="u-staff" countdown="1"></ph-face>`);
    await statusIs(face, 'ready');
    buttonNamed(face, '拍照').click();
    await statusIs(face, 'captured');
    buttonNamed(face, '保存').click();
    await statusIs(face, 'failed');
    const retry = shadow(face).querySelector<HTMLButtonElement>('button[part~="retry"]')!;
    expect(retry.textContent).to.contain('点击重试');
    await waitUntil(() => errors.length > 0, 'no ph-face-error');
    expect(errors).to.have.length(1);
    expect(retry.textContent).to.contain(errors[0]);
    expect(noticeTexts()).to.deep.equal([]);
    retry.click();
    await statusIs(face, 'captured');
    expect(buttonNamed(face, '保存').disabled).to.equal(false);
    document.removeEventListener('ph-face-error', listener);
  });

  for (const language of ['en', 'zh-HK'] as const) {
    it(`names its buttons in ${language}`, async () => {
      // Faces registered stay on the server for the whole run: the staff member's is never saved by any test here,
      // so the widget starts with Photograph (the teacher's, saved above, would show only Again).
      await signIn('staff');
      core.$language.set(language);
      const face = await fixture<FaceElement>(html`<ph-face mode="collect" user-id="u-staff" countdown="1"></ph-face>`);
      await statusIs(face, 'ready');
      const names = BUTTONS[language];
      expect(buttonNames(face)).to.deep.equal([names.photograph, names.save]);
      buttonNamed(face, names.photograph).click();
      await statusIs(face, 'captured');
      expect(buttonNames(face)).to.deep.equal([names.again, names.save]);
    });
  }

  it('stops the camera when the element leaves the page, and when the tab is hidden', async () => {
    await signIn('parent');
    const face = await fixture<FaceElement>(html`<ph-face mode="collect" user-id="u-parent" countdown="3"></ph-face>`);
    await statusIs(face, 'countdown');
    const tracks = liveTracks(face);
    expect(tracks.map((track) => track.readyState)).to.deep.equal(['live']);
    face.remove();
    await waitUntil(() => tracks.every((track) => track.readyState === 'ended'), 'the camera kept running');

    const again = await fixture<FaceElement>(
      html`<ph-face mode="collect" user-id="u-teacher" countdown="3"></ph-face>`,
    );
    await statusIs(again, 'countdown');
    const more = liveTracks(again);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    try {
      await statusIs(again, 'paused');
      expect(more.map((track) => track.readyState)).to.deep.equal(['ended']);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    }
    await statusIs(again, 'countdown');
    expect(liveTracks(again).map((track) => track.readyState)).to.deep.equal(['live']);
  });

  it('hides when the page sets hidden (its own display rule does not win over the attribute)', async () => {
    const face = await fixture<FaceElement>(html`<ph-face mode="collect"></ph-face>`);
    await waitUntil(() => noticeText(face) === '未找到 userId', 'not rendered');
    expect(getComputedStyle(face).display).to.equal('block');
    face.hidden = true;
    expect(getComputedStyle(face).display).to.equal('none');
  });

  it('treats an unknown mode as collect', async () => {
    const face = await fixture<FaceElement>(html`<ph-face mode="selfie"></ph-face>`);
    await waitUntil(() => noticeText(face) === '未找到 userId', 'collect without a userId');
  });
});
