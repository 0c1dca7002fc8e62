import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { type FieldPage, type Origin, startPlatform, startStaticHost } from './field-platform';
import { after, before, describe, it, type Stage, startStage, watchProblems } from './harness';

// Legacy module pages served the way the field serves them (issue 53): the classic script loaded by jQuery's
// $.getScript, by RequireJS, under zone.js, under a nonce CSP with 'strict-dynamic', from a CDN named by a
// <base href> on another origin, and the whole platform behind a /platform/ prefix. Each signs in through
// <ph-login> and lands on the teacher's desktop under the platform's own origin and prefix, then opens a <ph-modal>
// holding a <ph-uploader>, uploads a file through its picker, with no console error or warning; the host library
// still works afterwards.

const NONCE = 'field-nonce-53';
const LANDING = '/pages/base/pc_desktop_all/index.html';

interface Scenario {
  name: string;
  prefix: string;
  /** What the page's <head> carries before the widgets: host libraries, a <base>. */
  head: (cdn: string) => string;
  /** How the page loads the classic script, then runs `start()`. */
  load: string;
  /** The page's own headers (its CSP). */
  headers?: Record<string, string>;
  /** Run in the page after the upload: true when the host library still does its work. */
  hostWorks: string;
}

const script = (src: string) => `<script nonce="${NONCE}" src="${src}"></script>`;
const JQUERY_WORKS =
  "$.fn.jquery === '1.12.4' && $('#open').length === 1 && $.Deferred().resolve(7).state() === 'resolved'";

const SCENARIOS: Scenario[] = [
  {
    name: 'getscript',
    prefix: '',
    head: () => script('/lib/jquery.js'),
    load: "$.getScript('/dist/ph-widgets.js').done(start);",
    hostWorks: JQUERY_WORKS,
  },
  {
    name: 'requirejs',
    prefix: '',
    head: () => script('/lib/require.js'),
    load: "requirejs(['/dist/ph-widgets.js'], start);",
    hostWorks:
      "new Promise((done) => { define('field-probe', [], () => 42); require(['field-probe'], (value) => done(value === 42)); })",
  },
  {
    name: 'zone',
    prefix: '',
    head: () => script('/lib/zone.js') + script('/dist/ph-widgets.js'),
    load: 'start();',
    hostWorks:
      "Zone.current.fork({ name: 'field' }).run(() => new Promise((done) => setTimeout(() => done(Zone.current.name === 'field'))))",
  },
  {
    name: 'csp-nonce',
    prefix: '',
    // No jQuery 1.12 here: its own feature test runs an inline handler, which such a policy refuses (a console error).
    head: () => script('/dist/ph-widgets.js'),
    load: 'start();',
    headers: {
      'content-security-policy': `script-src 'nonce-${NONCE}' 'strict-dynamic' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self' http://127.0.0.1:*; worker-src 'self' blob:`,
    },
    // The uploader's script, added by the classic one, was admitted through 'strict-dynamic'.
    hostWorks: 'document.querySelectorAll(\'script[src$="/ph-widgets.uploader.js"]\').length === 1',
  },
  {
    name: 'cdn-base',
    prefix: '',
    // The platform's own files by full address: a <base> on the CDN moves every relative one there.
    head: (cdn) => `<base href="${cdn}/dist/">${script('ph-widgets.js')}`,
    load: 'start();',
    hostWorks: "document.baseURI.endsWith('/dist/') && new URL('x', document.baseURI).origin !== location.origin",
  },
  {
    name: 'prefix',
    prefix: '/platform',
    head: () => script('/platform/lib/jquery.js') + script('/platform/dist/ph-widgets.js'),
    load: 'start();',
    hostWorks: JQUERY_WORKS,
  },
];

/** The sign-in page and the work page of a scenario. */
function pagesOf(scenario: Scenario, cdn: string): Record<string, FieldPage> {
  const phinit = (code: string) =>
    `PH.phinit({ code: '${code}', appCode: 'base', env: 'production', device: 'pc', apiBase: '${scenario.prefix}' });`;
  const page = (body: string, code: string) => ({
    headers: scenario.headers,
    html: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${scenario.name}</title>
${scenario.head(cdn)}</head><body>${body}
<script nonce="${NONCE}">
function start() { ${phinit(code)} document.body.dataset.started = 'yes'; }
${scenario.load}
</script></body></html>`,
  });
  return {
    [`${scenario.name}-login.html`]: page('<ph-login></ph-login>', 'login'),
    [`${scenario.name}.html`]: page(
      `<button id="open" type="button">打开上传</button>
<ph-modal id="dialog" heading="上传文件"><ph-uploader></ph-uploader></ph-modal>
<script nonce="${NONCE}">
document.getElementById('open').addEventListener('click', () => { document.getElementById('dialog').open = true; });
document.addEventListener('ph-uploader-success', (event) => { document.body.dataset.uploaded = event.detail.md5; });
</script>`,
      'field',
    ),
  };
}

/** Signs in as the teacher; resolves with the page's problems up to the landing page, and the landing answer. */
async function signIn(page: Page, problems: string[], landing: string) {
  const form = page.locator('ph-login');
  await form.getByLabel('账号', { exact: true }).fill('teacher');
  await form.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  const landed = page.waitForResponse((answer) => answer.url() === landing && answer.request().isNavigationRequest());
  await form.getByRole('button', { name: '登录', exact: true }).click();
  const answer = await landed;
  return { before: [...problems], status: answer.status() };
}

describe('legacy pages as the field serves them (issue 53)', () => {
  let stage: Stage;
  let cdn: Origin;
  const files = mkdtempSync(join(tmpdir(), 'ph-field-'));
  const upload = join(files, '成绩单.bin');
  const bytes = randomBytes(3 * 1024 * 1024);
  writeFileSync(upload, bytes);
  const md5 = createHash('md5').update(bytes).digest('hex');

  before(async () => {
    stage = await startStage();
    cdn = await startStaticHost();
  });
  after(async () => {
    await cdn.close();
    await stage.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it("a script that cannot be fetched shows the element's own error, with a retry that then works", async () => {
    const zone = SCENARIOS.find((scenario) => scenario.name === 'zone') as Scenario;
    const platform = await startPlatform(stage.server.url, '', pagesOf(zone, cdn.url));
    const page = await stage.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.message));
      await page.route('**/ph-widgets.uploader.js', (route) => route.abort());
      await page.goto(`${platform.url}/field/zone.html`);
      await page.getByRole('button', { name: '打开上传' }).click();
      const modal = page.locator('ph-modal');
      await modal.getByRole('alert').filter({ hasText: '这部分页面没有加载成功，请检查网络后重试' }).waitFor();
      await page.unroute('**/ph-widgets.uploader.js');
      await modal.getByRole('button', { name: '重试' }).click();
      await modal.getByLabel('选择文件', { exact: true }).waitFor();
      assert.deepEqual(uncaught, []);
    } finally {
      await page.close();
      await platform.close();
    }
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: signs in, lands on the desktop, uploads through a modal; the host library still works`, async () => {
      const platform = await startPlatform(stage.server.url, scenario.prefix, pagesOf(scenario, cdn.url));
      const at = (path: string) => `${platform.url}${scenario.prefix}${path}`;
      const context = await stage.browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(at(`/field/${scenario.name}-login.html`));
        const signedIn = await signIn(page, problems, at(LANDING));
        assert.equal(signedIn.status, 200, 'the landing page, on the platform origin under its prefix');
        assert.deepEqual(signedIn.before, [], 'the sign-in page');

        const work = await context.newPage();
        const workProblems = watchProblems(work);
        await work.goto(at(`/field/${scenario.name}.html`));
        await work.locator('body[data-started="yes"]').waitFor();
        await work.getByRole('button', { name: '打开上传' }).click();
        // The uploader is the modal's slotted content: a child of <ph-modal>, not of the dialog in its shadow root.
        await work.getByRole('dialog', { name: '上传文件' }).waitFor();
        const modal = work.locator('ph-modal');
        await modal.getByLabel('选择文件', { exact: true }).setInputFiles(upload);
        await modal.getByRole('button', { name: '开始：成绩单.bin' }).click();
        await work.locator(`body[data-uploaded="${md5}"]`).waitFor();
        assert.equal(await work.evaluate(scenario.hostWorks), true, 'the host library');
        assert.deepEqual(workProblems, [], 'the work page');
      } finally {
        await context.close();
        await platform.close();
      }
    });
  }
});
