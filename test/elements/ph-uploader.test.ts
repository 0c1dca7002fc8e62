import { expect, fixture, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PhUploaderCompleteDetail, PhUploaderErrorDetail } from '../../src/elements/ph-uploader/define';
import { core, loadElements } from './bundles';
import { waitUntil } from './wait';

// <ph-uploader> in Chromium against the reference server (through the test page's origin and the runner's proxy,
// which counts the request bytes that reach the server and injects faults: test/elements/reference-server.mjs).

await loadElements('ph-uploader');

type UploaderElement = HTMLElementTagNameMap['ph-uploader'];

const MB = 1024 * 1024;
const { chunkUpload, chunkCheck, secondUploadCheck, singleUpload, mergeChunks } = core.ENDPOINTS;

function randomBytes(size: number): Uint8Array<ArrayBuffer>[] {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < size; offset += 65536) {
    parts.push(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))));
  }
  return parts;
}

const randomFile = (size: number, name: string, type = '') => new File(randomBytes(size), name, { type });

const md5Of = (blob: Blob) =>
  core
    .createMainThreadHasher({ engine: 'spark-md5' })
    .open(blob, 2 * MB)
    .run(new AbortController().signal, () => {}) as Promise<string>;

interface Traffic {
  bytes: Record<string, number>;
  requests: Record<string, number>;
}

/** What reached the server since the last reset, by path. */
async function traffic(): Promise<Traffic> {
  return (await fetch('/__traffic')).json();
}
const at = (counts: Record<string, number>, path: string) =>
  Object.entries(counts)
    .filter(([key]) => key.endsWith(path))
    .reduce((sum, [, value]) => sum + value, 0);

async function resetTraffic(): Promise<void> {
  await fetch('/__traffic/reset', { method: 'POST' });
}

/** The next `times` requests to that path are answered with HTTP 500 instead of reaching the server. */
async function failNext(path: string, times: number): Promise<void> {
  await fetch(`/__traffic/fault?path=${encodeURIComponent(path)}&times=${times}`, { method: 'POST' });
}

const shadow = (element: Element) => element.shadowRoot as ShadowRoot;
const picker = (uploader: UploaderElement) => shadow(uploader).querySelector('input[type=file]') as HTMLInputElement;
const rows = (uploader: UploaderElement) => [...shadow(uploader).querySelectorAll<HTMLElement>('[part~="file"]')];
const button = (root: ParentNode, action: string) =>
  root.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);

/** What a person does with the picker: chooses these files. */
function choose(uploader: UploaderElement, files: File[]): void {
  const input = picker(uploader);
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function stateOf(row: HTMLElement): string {
  return row.className.replace('file', '').trim();
}

/** Runs `then` once, as soon as the element reports that many bytes uploaded. */
function whenUploaded(uploader: UploaderElement, bytes: number, then: () => void): void {
  const listener = (event: HTMLElementEventMap['ph-uploader-progress']) => {
    if (event.detail.uploadedBytes < bytes) return;
    uploader.removeEventListener('ph-uploader-progress', listener);
    then();
  };
  uploader.addEventListener('ph-uploader-progress', listener);
}

async function uploaderWith(attributes: string): Promise<UploaderElement> {
  const holder = await fixture<HTMLDivElement>(`<div><ph-uploader ${attributes}></ph-uploader></div>`);
  const uploader = holder.querySelector('ph-uploader') as UploaderElement;
  await waitUntil(() => picker(uploader), 'the uploader rendered');
  return uploader;
}

describe('ph-uploader', () => {
  before(async () => {
    core.phinit({ code: 'upload', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
    await core.request({
      url: '/api/uaa/oauth/login',
      method: 'post',
      json: true,
      data: { username: 'teacher', password: 'Demo@2026' },
      noIntercept: true,
    });
  });

  beforeEach(async () => {
    core.$language.set('zh-CN');
    await resetTraffic();
  });

  it('marks its host data-ph-settled once drawn, so that a page can show what is below it in place (issue 36)', async () => {
    const uploader = document.createElement('ph-uploader');
    const marks: string[] = [];
    new MutationObserver(() =>
      marks.push(`${uploader.hasAttribute('data-ph-settled')} ${Boolean(picker(uploader as UploaderElement))}`),
    ).observe(uploader, { attributeFilter: ['data-ph-settled'] });
    document.body.append(uploader);
    await waitUntil(() => uploader.hasAttribute('data-ph-settled'), 'the uploader never settled');
    expect(marks).to.deep.equal(['true true']);
    uploader.remove();
  });

  describe('the picker and its texts', () => {
    it('labels the file input 选择文件 / Choose files / 選擇檔案 and states the limits, in the page language', async () => {
      const uploader = await uploaderWith('multiple accept=".pdf,.docx" max-size="20MB"');
      const input = picker(uploader);
      expect(input.labels?.[0]?.textContent).to.equal('选择文件');
      expect(input.multiple).to.equal(true);
      expect(input.accept).to.equal('.pdf,.docx');
      const hint = shadow(uploader).getElementById(input.getAttribute('aria-describedby') as string);
      // The types §5 refuses are named before a person picks one (issue 35).
      const refused = '.exe .jar .jsp .asp .dll .php .aspx .bat .sh .html .com .cgi .class .txt .jspx';
      expect(hint?.textContent).to.equal(`单个文件不超过 20 MB · 可上传：.pdf,.docx · 不接受 ${refused} 文件`);
      core.$language.set('en');
      await waitUntil(() => input.labels?.[0]?.textContent === 'Choose files');
      expect(hint?.textContent).to.equal(`Up to 20 MB per file · Accepted: .pdf,.docx · Not accepted: ${refused}`);
      core.$language.set('zh-HK');
      await waitUntil(() => input.labels?.[0]?.textContent === '選擇檔案');
    });

    it('offers a folder picker with `directory`, and is accessible (axe) with a list of files', async () => {
      const uploader = await uploaderWith('directory');
      const inputs = shadow(uploader).querySelectorAll('input[type=file]');
      expect(inputs).to.have.length(2);
      expect(inputs[1]?.hasAttribute('webkitdirectory')).to.equal(true);
      expect((inputs[1] as HTMLInputElement).labels?.[0]?.textContent).to.equal('选择文件夹');
      choose(uploader, [randomFile(1000, 'a.pdf')]);
      await waitUntil(() => rows(uploader).length === 1);
      await expect(uploader).to.be.accessible();
    });

    it('fits a narrow column: a long name is cut with an ellipsis; a refused file shows why, without bars', async () => {
      const holder = await fixture<HTMLDivElement>(
        '<div style="width: 320px"><ph-uploader multiple></ph-uploader></div>',
      );
      const uploader = holder.querySelector('ph-uploader') as UploaderElement;
      await waitUntil(() => picker(uploader), 'the uploader rendered');
      const long = `${'2026春季学期三年级二班语文公开课《荷塘月色》课堂实录'.repeat(3)}.mp4`;
      choose(uploader, [randomFile(1000, long), randomFile(100, 'setup.exe')]);
      await waitUntil(() => rows(uploader).length === 2 && rows(uploader)[1]?.querySelector('[part~="file-error"]'));
      expect(uploader.getBoundingClientRect().width).to.equal(320);
      for (const part of ['uploader', 'list', 'file', 'file-name']) {
        for (const node of shadow(uploader).querySelectorAll<HTMLElement>(`[part~="${part}"]`)) {
          expect(node.getBoundingClientRect().right, part).to.be.at.most(uploader.getBoundingClientRect().right);
        }
      }
      const name = rows(uploader)[0]?.querySelector('[part~="file-name"]') as HTMLElement;
      expect(name.scrollWidth).to.be.above(name.clientWidth);
      expect(getComputedStyle(name).textOverflow).to.equal('ellipsis');
      expect(name.title).to.equal(long);
      const refused = rows(uploader)[1] as HTMLElement;
      expect(refused.querySelectorAll('progress')).to.have.length(0);
      expect(rows(uploader)[0]?.querySelectorAll('progress')).to.have.length(2);
    });

    it('reaches the picker and every action with the keyboard', async () => {
      const uploader = await uploaderWith('');
      const before = document.createElement('button');
      before.textContent = 'before';
      uploader.before(before);
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(uploader).activeElement).to.equal(picker(uploader));
      choose(uploader, [randomFile(3000, 'plan.docx')]);
      await waitUntil(() => button(shadow(uploader), 'start'));
      await sendKeys({ press: 'Tab' });
      expect(shadow(uploader).activeElement?.getAttribute('data-action')).to.equal('startAll');
      await sendKeys({ press: 'Tab' });
      const focused = shadow(uploader).activeElement as HTMLButtonElement;
      expect(focused.getAttribute('aria-label')).to.equal('开始：plan.docx');
      const success = oneEvent(uploader, 'ph-uploader-success');
      await sendKeys({ press: 'Enter' });
      expect((await success).detail.fileName).to.equal('plan.docx');
    });
  });

  describe('uploads against the reference server', () => {
    it('uploads a 7 MB file in chunks with the server MD5 equal to ours; the same file again sends no chunk byte', async () => {
      const uploader = await uploaderWith('multiple auto-start');
      const file = randomFile(7 * MB, '公开课.mp4', 'video/mp4');
      const md5 = await md5Of(file);
      const progress: number[] = [];
      uploader.addEventListener('ph-uploader-progress', (event) => progress.push(event.detail.uploadedBytes));
      const success = oneEvent(uploader, 'ph-uploader-success');
      choose(uploader, [file]);
      const { detail } = await success;
      expect(detail).to.deep.include({ md5, instant: false, fileName: '公开课.mp4' });
      expect(detail.file).to.deep.include({ md5, size: 7 * MB, name: '公开课.mp4' });
      expect(progress.some((bytes) => bytes > 0 && bytes < 7 * MB)).to.equal(true);
      const first = await traffic();
      expect(at(first.requests, chunkUpload)).to.equal(4);
      expect(at(first.bytes, chunkUpload)).to.be.at.least(7 * MB);
      expect(at(first.requests, mergeChunks)).to.equal(1);
      const [row] = rows(uploader);
      expect(stateOf(row as HTMLElement)).to.equal('success');
      expect(row?.querySelector('[part~="file-state"]')?.textContent).to.equal('上传成功');

      await resetTraffic();
      const again = oneEvent(uploader, 'ph-uploader-success');
      choose(uploader, [new File([file], '公开课-副本.mp4')]);
      expect((await again).detail).to.deep.include({ md5, instant: true });
      const second = await traffic();
      expect(at(second.bytes, chunkUpload) + at(second.bytes, singleUpload)).to.equal(0);
      expect(Object.keys(second.requests).every((path) => path.endsWith(secondUploadCheck))).to.equal(true);
      await waitUntil(() => rows(uploader)[1]?.textContent?.includes('秒传成功'));
    });

    it('uploads a dropped folder with nested files, and reports its directorys and dirTree', async () => {
      const uploader = await uploaderWith('directory auto-start');
      const fileEntry = (path: string, file: File) => ({
        isFile: true,
        isDirectory: false,
        name: file.name,
        fullPath: `/${path}`,
        file: (ok: (found: File) => void) => ok(file),
      });
      const folder = (path: string, children: unknown[]) => ({
        isFile: false,
        isDirectory: true,
        name: path.split('/').at(-1),
        fullPath: `/${path}`,
        createReader: () => {
          let given = false;
          return {
            readEntries: (ok: (entries: unknown[]) => void) => {
              ok(given ? [] : children);
              given = true;
            },
          };
        },
      });
      const tree = folder('第一周', [
        fileEntry('第一周/教案.docx', randomFile(2000, '教案.docx')),
        folder('第一周/作业', [fileEntry('第一周/作业/a.pdf', randomFile(3000, 'a.pdf'))]),
      ]);
      // Chromium cannot make a DataTransfer holding a folder: the drop carries entries as a real drop does.
      const drop = new Event('drop', { bubbles: true, cancelable: true, composed: true });
      Object.defineProperty(drop, 'dataTransfer', {
        value: { items: [{ kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => tree }], dropEffect: '' },
      });
      const complete = oneEvent(uploader, 'ph-uploader-complete');
      shadow(uploader).querySelector('[part~="dropzone"]')?.dispatchEvent(drop);
      const detail = (await complete).detail as PhUploaderCompleteDetail;
      expect(drop.defaultPrevented).to.equal(true);
      expect(detail.files.map((file) => [file.relativePath, file.status])).to.deep.equal([
        ['第一周/教案.docx', 'success'],
        ['第一周/作业/a.pdf', 'success'],
      ]);
      expect(detail.directorys.map((entry) => [entry.fileName, entry.type])).to.deep.equal([
        ['第一周', 'directory'],
        ['教案.docx', 'file'],
        ['作业', 'directory'],
        ['a.pdf', 'file'],
      ]);
      expect(detail.dirTree[0]?.children.map((node) => node.fileName)).to.deep.equal(['教案.docx', '作业']);
      expect(rows(uploader).map((row) => row.querySelector('[part~="file-name"]')?.textContent)).to.deep.equal([
        '第一周/教案.docx',
        '第一周/作业/a.pdf',
      ]);
    });

    it("auto-start starts a chosen file at once, as Uppy's autoProceed: no start button, no click (issue 56)", async () => {
      const uploader = await uploaderWith('auto-start');
      expect((uploader as unknown as { autoStart: boolean }).autoStart).to.equal(true);
      const success = oneEvent(uploader, 'ph-uploader-success');
      choose(uploader, [randomFile(300 * 1024, 'auto.pdf')]);
      await waitUntil(() => rows(uploader).length === 1, 'the row');
      expect(button(shadow(uploader), 'start')).to.equal(null);
      expect(button(shadow(uploader), 'startAll')).to.equal(null);
      expect((await success).detail.fileName).to.equal('auto.pdf');
      // 300 KB is one piece (§4: at most the chunk size): one plain upload, sent with no click.
      expect(at((await traffic()).requests, singleUpload)).to.equal(1);
    });

    it('pauses and resumes from its buttons, sending each chunk once', async () => {
      const uploader = await uploaderWith('chunk-size="256k" parallel="1"');
      const file = randomFile(3 * MB, 'lesson.mp4');
      choose(uploader, [file]);
      await waitUntil(() => button(shadow(uploader), 'start'));
      // The person presses pause once two chunks are stored (decided on the progress event, not on time).
      whenUploaded(uploader, 2 * 256 * 1024, () => button(rows(uploader)[0] as HTMLElement, 'pause')?.click());
      button(rows(uploader)[0] as HTMLElement, 'start')?.click();
      await waitUntil(() => stateOf(rows(uploader)[0] as HTMLElement) === 'paused', 'paused');
      // Paused short of the end, it says how much is left (issue 56), not a bare 已暂停.
      expect(rows(uploader)[0]?.querySelector('[part~="file-state"]')?.textContent).to.match(/^已暂停 · 还剩 \d/);
      expect(button(shadow(uploader), 'resumeAll')).to.not.equal(null);
      const paused = at((await traffic()).requests, chunkUpload);
      expect(paused).to.be.within(2, 4);

      const success = oneEvent(uploader, 'ph-uploader-success');
      button(rows(uploader)[0] as HTMLElement, 'resume')?.click();
      const { detail } = await success;
      expect(detail.md5).to.equal(await md5Of(file));
      // 12 chunks; the one the pause interrupted may be sent twice, no other.
      expect(at((await traffic()).requests, chunkUpload)).to.be.within(12, 13);
    });

    it('a cancelled file: its bar turns grey, "1 file", and choosing it again replaces its row (issue 35)', async () => {
      core.$language.set('en');
      const uploader = await uploaderWith('chunk-size="256k" parallel="1" multiple');
      const file = randomFile(3 * MB, 'lesson.mp4');
      choose(uploader, [file]);
      await waitUntil(() => button(shadow(uploader), 'start'));
      expect(shadow(uploader).querySelector('.summary')?.textContent).to.equal('1 file, 0 done');
      whenUploaded(uploader, 256 * 1024, () => button(rows(uploader)[0] as HTMLElement, 'abort')?.click());
      button(rows(uploader)[0] as HTMLElement, 'start')?.click();
      await waitUntil(() => stateOf(rows(uploader)[0] as HTMLElement) === 'aborted', 'cancelled');
      const bar = (rows(uploader)[0] as HTMLElement).querySelector('progress') as HTMLProgressElement;
      const style = getComputedStyle(bar);
      expect(style.getPropertyValue('--ph-uploader-bar').trim()).to.equal(
        style.getPropertyValue('--ph-text-muted').trim(),
      );
      choose(uploader, [file]);
      await waitUntil(() => stateOf(rows(uploader)[0] as HTMLElement) === 'idle', 'chosen again');
      expect(rows(uploader)).to.have.length(1);
      choose(uploader, [file]);
      expect(rows(uploader)).to.have.length(1);
    });

    it('many small files: uploaded in natural order, the finished ones folded into one line (issue 35)', async () => {
      core.$language.set('en');
      const uploader = await uploaderWith('multiple auto-start');
      const names = Array.from({ length: 12 }, (_, n) => `doc${n + 1}.pdf`);
      // As a file picker hands them over: doc1, doc10, doc11, doc12, doc2…
      const picked = [...names].sort().map((name) => randomFile(2048, name));
      const uploaded: string[] = [];
      uploader.addEventListener('ph-uploader-success', (event) => uploaded.push(event.detail.fileName));
      choose(uploader, picked);
      const folded = () => shadow(uploader).querySelector('[part~="folded"]')?.textContent ?? '';
      await waitUntil(() => folded().startsWith('12 uploaded'), 'the finished files did not fold');
      expect(rows(uploader)).to.have.length(0);
      expect([...uploaded].sort()).to.deep.equal([...names].sort());
      const toggle = shadow(uploader).querySelector<HTMLButtonElement>('[part~="fold"]') as HTMLButtonElement;
      expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).to.deep.equal(['Show all', 'false']);
      toggle.click();
      await waitUntil(() => rows(uploader).length === 12, 'Show all did not open the list');
      // In the order a person reads the names, which is the order they were sent in.
      expect(rows(uploader).map((row) => row.querySelector('[part~="file-name"]')?.textContent)).to.deep.equal(names);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      toggle.click();
      await waitUntil(() => rows(uploader).length === 0, 'Show less did not fold the list again');
    });

    it('after a reload (a new uploader on the page), the same file skips hashing and sends only the missing chunks', async () => {
      const first = await uploaderWith('chunk-size="256k" parallel="1" auto-start');
      const file = randomFile(3 * MB, 'record.mp4');
      const left = new Promise<void>((resolve) =>
        // Leaving the page once 4 chunks are stored: the element goes and its upload pauses (the MD5 stays stored).
        whenUploaded(first, 4 * 256 * 1024, () => {
          first.remove();
          resolve();
        }),
      );
      choose(first, [file]);
      await left;
      await resetTraffic();

      const second = await uploaderWith('chunk-size="256k" parallel="1" auto-start');
      // Before the file is chosen again, the uploader says what is unfinished and how far it came (issue 35).
      const unfinished = () => shadow(second).querySelector('[part~="unfinished"]');
      await waitUntil(() => unfinished()?.textContent?.includes('record.mp4'), 'the unfinished upload is not listed');
      const done = Number(/已上传 (\d+)%/.exec(unfinished()?.textContent ?? '')?.[1]);
      // At least the 3 whole chunks confirmed before the 4th was under way when the page went.
      expect(done).to.be.within(25, 99);
      const hashed: number[] = [];
      second.addEventListener('ph-uploader-progress', (event) => hashed.push(event.detail.hashedBytes));
      const success = oneEvent(second, 'ph-uploader-success');
      choose(second, [file]);
      expect(rows(second)[0]?.querySelector('[part~="file-resumed"]')?.textContent).to.equal(
        `已上传 ${done}%，正在继续`,
      );
      expect(unfinished()).to.equal(null);
      expect((await success).detail.md5).to.equal(await md5Of(file));
      // No hashing progress: the stored MD5 counts the whole file as hashed at once.
      expect(hashed.every((bytes) => bytes === 0 || bytes === 3 * MB)).to.equal(true);
      const resumed = await traffic();
      expect(at(resumed.requests, chunkCheck)).to.equal(12);
      expect(at(resumed.requests, chunkUpload)).to.be.within(1, 9);
      expect(at(resumed.bytes, chunkUpload)).to.be.below(9 * 256 * 1024 + 9 * 1024);
    });

    it('forgets an unfinished upload when asked, and keeps it gone', async () => {
      const first = await uploaderWith('chunk-size="256k" parallel="1" auto-start');
      const left = new Promise<void>((resolve) =>
        whenUploaded(first, 2 * 256 * 1024, () => {
          first.remove();
          resolve();
        }),
      );
      choose(first, [randomFile(2 * MB, '期中试卷.pdf')]);
      await left;
      const second = await uploaderWith('');
      const listed = () => shadow(second).querySelector('[part~="unfinished"]')?.textContent ?? '';
      await waitUntil(() => listed().includes('期中试卷.pdf'), 'the unfinished upload is not listed');
      const forget = shadow(second).querySelector<HTMLButtonElement>('[aria-label="不再继续：期中试卷.pdf"]');
      forget?.click();
      await waitUntil(() => !listed().includes('期中试卷.pdf'), 'Forget did not take it away');
      const third = await uploaderWith('');
      await waitUntil(() => picker(third));
      expect(shadow(third).querySelector('[part~="unfinished"]')?.textContent ?? '').not.to.contain('期中试卷.pdf');
    });

    it('retries a chunk request that fails twice, then succeeds', async () => {
      const uploader = await uploaderWith('retry-delays="[10, 10, 10]" auto-start');
      await failNext(chunkUpload, 2);
      const errors: PhUploaderErrorDetail[] = [];
      uploader.addEventListener('ph-uploader-error', (event) => errors.push(event.detail));
      const success = oneEvent(uploader, 'ph-uploader-success');
      const file = randomFile(5 * MB, 'video.mp4');
      choose(uploader, [file]);
      expect((await success).detail.md5).to.equal(await md5Of(file));
      expect(errors).to.deep.equal([]);
      expect(at((await traffic()).requests, chunkUpload)).to.equal(5);
    });

    it('shows §8 chunk errors as status：message when the retries run out, and retries from its button', async () => {
      const uploader = await uploaderWith('retry-delays="[]" auto-start');
      await failNext(chunkUpload, 1);
      const failed = oneEvent(uploader, 'ph-uploader-error');
      const file = randomFile(3 * MB, 'video.mp4');
      choose(uploader, [file]);
      const { detail } = await failed;
      expect(detail).to.deep.include({ type: 'uploadunkerror', status: 500, message: '注入的故障' });
      const [row] = rows(uploader);
      await waitUntil(() => row?.querySelector('[part~="file-error"]'));
      expect(row?.querySelector('[part~="file-error"]')?.textContent).to.equal('500：注入的故障');
      const success = oneEvent(uploader, 'ph-uploader-success');
      button(row as HTMLElement, 'retry')?.click();
      expect((await success).detail.md5).to.equal(await md5Of(file));
    });

    it('refuses a disallowed extension, an oversize file and an empty one before any request', async () => {
      const uploader = await uploaderWith('multiple max-size="1MB" auto-start');
      const errors: PhUploaderErrorDetail[] = [];
      uploader.addEventListener('ph-uploader-error', (event) => errors.push(event.detail));
      const empty = new File([], 'blank.pdf');
      choose(uploader, [randomFile(100, 'setup.exe'), randomFile(2 * MB, 'big.pdf'), empty]);
      await waitUntil(() => errors.length === 3);
      // Listed, and so reported, in the order of their names.
      expect(errors.map((error) => [error.fileName, error.type])).to.deep.equal([
        ['big.pdf', 'validation'],
        ['blank.pdf', 'validation'],
        ['setup.exe', 'validation'],
      ]);
      expect(errors[1]?.message).to.equal('文件是空的（0 字节），没有可上传的内容');
      expect(errors[0]?.message).to.contain('1 MB');
      const [big, , exe] = rows(uploader);
      expect(exe?.querySelector('[part~="file-error"]')?.textContent).to.equal(errors[2]?.message);
      expect(big?.querySelector('[part~="file-error"]')?.textContent).to.equal(errors[0]?.message);
      expect([...(big?.querySelectorAll('button') ?? [])].map((node) => node.dataset.action)).to.deep.equal(['remove']);
      // Nothing was sent, so nothing "failed to upload": each row says it was not uploaded (issue 35).
      expect(rows(uploader).map((row) => row.querySelector('[part~="file-state"]')?.textContent)).to.deep.equal([
        '未上传',
        '未上传',
        '未上传',
      ]);
      expect((await traffic()).requests).to.deep.equal({});
    });
  });

  describe('the details of its events', () => {
    const fileKeys = ['uid', 'fileName', 'relativePath'];

    it("ph-uploader-success: which file, its md5 and the server's stored-file answer; ph-uploader-progress: every field", async () => {
      const uploader = await uploaderWith('auto-start');
      const file = randomFile(5 * MB, '期中复习.mp4', 'video/mp4');
      const md5 = await md5Of(file);
      const progress: HTMLElementEventMap['ph-uploader-progress']['detail'][] = [];
      uploader.addEventListener('ph-uploader-progress', (event) => progress.push(event.detail));
      const success = oneEvent(uploader, 'ph-uploader-success');
      choose(uploader, [file]);
      const { detail } = await success;

      // The server's own answer for this file: what its second-upload check now says it stores.
      const stored = await core.request({
        url: secondUploadCheck,
        method: 'post',
        data: { md5, name: '期中复习.mp4', serverid: 'base' },
        noIntercept: true,
      });
      expect(stored.data).to.deep.equal({
        fileId: md5,
        md5,
        name: '期中复习.mp4',
        size: 5 * MB,
        url: core.ENDPOINTS.storedFile.replace(':md5', md5),
      });
      expect(detail).to.deep.equal({
        uid: detail.uid,
        fileName: '期中复习.mp4',
        relativePath: '',
        md5,
        file: stored.data,
        instant: false,
      });
      expect(detail.uid).to.match(/^\S{8,}$/);

      // Progress: the same file, every field, bytes that only grow, then the end.
      for (const event of progress) {
        expect(Object.keys(event).sort()).to.deep.equal(
          [...fileKeys, 'status', 'phase', 'size', 'hashedBytes', 'uploadedBytes', 'speed', 'remainingSeconds'].sort(),
        );
        expect(event).to.deep.include({ uid: detail.uid, fileName: '期中复习.mp4', relativePath: '', size: 5 * MB });
        expect(event.speed).to.be.at.least(0);
        if (event.remainingSeconds !== undefined) expect(event.remainingSeconds).to.be.at.least(0);
      }
      const series = (key: 'hashedBytes' | 'uploadedBytes') => progress.map((event) => event[key]);
      for (const key of ['hashedBytes', 'uploadedBytes'] as const) {
        expect(series(key)).to.deep.equal([...series(key)].sort((a, b) => a - b));
      }
      expect(progress.some((event) => event.status === 'hashing' && event.hashedBytes === 2 * MB)).to.equal(true);
      expect(
        progress.some((event) => event.status === 'uploading' && event.phase === 'chunks' && event.uploadedBytes > 0),
      ).to.equal(true);
      expect([...new Set(progress.map((event) => event.phase))]).to.include.members([
        'hash',
        'secondCheck',
        'chunks',
        'merge',
        'done',
      ]);
      expect(progress.at(-1)).to.deep.include({
        status: 'success',
        phase: 'done',
        hashedBytes: 5 * MB,
        uploadedBytes: 5 * MB,
      });
    });

    it('ph-uploader-error: which file, the §8 type, the status and the message in the current language', async () => {
      core.$language.set('en');
      const uploader = await uploaderWith('multiple retry-delays="[]" auto-start');
      const errors: PhUploaderErrorDetail[] = [];
      uploader.addEventListener('ph-uploader-error', (event) => errors.push(event.detail));
      await failNext(chunkUpload, 1);
      choose(uploader, [randomFile(100, 'setup.exe'), randomFile(3 * MB, 'video.mp4')]);
      await waitUntil(() => errors.length === 2, 'two errors');
      const [refused, failed] = errors;
      expect(refused).to.deep.equal({
        uid: refused?.uid,
        fileName: 'setup.exe',
        relativePath: '',
        type: 'validation',
        status: undefined,
        message: 'Files of this type cannot be uploaded (.exe)',
      });
      expect(failed).to.deep.equal({
        uid: failed?.uid,
        fileName: 'video.mp4',
        relativePath: '',
        type: 'uploadunkerror',
        status: 500,
        message: 'Injected fault',
      });
      expect(Object.keys(failed ?? {}).sort()).to.deep.equal([...fileKeys, 'type', 'status', 'message'].sort());
      expect(refused?.uid).to.not.equal(failed?.uid);
    });
  });
});
