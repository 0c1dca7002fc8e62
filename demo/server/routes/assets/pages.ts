import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Manifest } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath } from '../../../../src/core/api/wire';
import { splitBilingual } from '../../../../src/core/i18n/bilingual';
import type { ServerContext } from '../../context';
import { object, str } from '../../schemas';
import { escapeHtml } from '../../util/html';
import { NAMED_THEMES } from './themes';

const segment = str(64, { pattern: '^[A-Za-z0-9_-]+$' });
const fileName = str(100, { pattern: '^[A-Za-z0-9_.-]+$' });
const LANG_FILE = /^(zh-CN|en|zh-HK)-([A-Za-z0-9_]+)\.json$/;

export function registerPageAssetRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const subapps = (appCode: string) =>
    ctx.db.prepare('SELECT file_id, title, has_css FROM subapps WHERE app = ? ORDER BY file_id').all(appCode) as {
      file_id: string;
      title: string;
      has_css: number;
    }[];

  app.get<{ Params: { app: string } }>(
    ENDPOINTS.manifest,
    { schema: { params: object({ app: segment }, ['app']) } },
    async (request, reply) => {
      const { app: code } = request.params;
      const list = subapps(code);
      if (!list.length) return reply.callNotFound();
      const manifest: Manifest = {};
      const url = (file: string) => endpointPath(ENDPOINTS.subapp, { app: code, file });
      for (const sub of list) {
        manifest[`${sub.file_id}.js`] = url(`${sub.file_id}.js`);
        if (sub.has_css) manifest[`${sub.file_id}.css`] = url(`${sub.file_id}.css`);
      }
      return manifest;
    },
  );

  app.get<{ Params: { app: string; file: string } }>(
    ENDPOINTS.subapp,
    { schema: { params: object({ app: segment, file: fileName }, ['app', 'file']) } },
    async (request, reply) => {
      const match = /^(.+)\.(js|css)$/.exec(request.params.file);
      const sub = match && subapps(request.params.app).find((s) => s.file_id === match[1]);
      if (!match || !sub || (match[2] === 'css' && !sub.has_css)) return reply.callNotFound();
      if (match[2] === 'css') {
        return reply
          .type('text/css')
          .send(`[data-file-id="${sub.file_id}"] .ph-subapp{padding:16px;border:1px solid #dde3ee}\n`);
      }
      return reply.type('text/javascript').send(subappScript(sub.file_id, sub.title));
    },
  );

  // §2 module pages (`/pages/{app}/pc_{app}_tm/index.html`, `_spm` for parents and students, `mobile_` forms): where
  // opening an app on the desktop lands. A site file wins (the grade app's own page); every other seeded app gets a
  // stand-in legacy module page, so that no icon of the demo leads to a 404.
  app.get<{ Params: { app: string; page: string } }>(
    '/pages/:app/:page/index.html',
    { schema: { params: object({ app: segment, page: segment }, ['app', 'page']) } },
    async (request, reply) => {
      const { app: code, page } = request.params;
      const row = ctx.db.prepare('SELECT zname, english_name FROM apps WHERE code = ?').get(code) as
        | { zname: string; english_name: string }
        | undefined;
      if (!row || !new RegExp(`^(?:pc|mobile)_${code}_(?:tm|spm)$`).test(page)) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').send(modulePage(code, row.zname, row.english_name));
    },
  );

  app.get<{ Params: { file: string } }>(
    ENDPOINTS.themeStylesheet,
    { schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const theme = /^([A-Za-z]+)\.css$/.exec(request.params.file)?.[1];
      const colour = theme && Object.hasOwn(NAMED_THEMES, theme) ? NAMED_THEMES[theme] : undefined;
      if (!theme || !colour) return reply.callNotFound();
      return reply
        .type('text/css')
        .header('Cache-Control', 'public, max-age=3600')
        .send(`/* theme ${theme} */\n:root,:host{--ph-color-primary:${colour};--ph-theme-name:"${theme}"}\n`);
    },
  );

  const sendLang = async (reply: FastifyReply, lang: string, pack: string) => {
    try {
      const text = await readFile(join(ctx.staticDir, 'lang', `${lang}-${pack}.json`), 'utf8');
      return reply.type('application/json').header('Cache-Control', 'public, max-age=600').send(text);
    } catch {
      return reply.callNotFound();
    }
  };

  app.get<{ Params: { file: string } }>(
    ENDPOINTS.sharedLanguagePack,
    { schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const match = LANG_FILE.exec(request.params.file);
      if (!match) return reply.callNotFound();
      const [, lang, pack] = match;
      if (pack !== 'ph') return reply.callNotFound();
      return sendLang(reply, lang as string, pack);
    },
  );

  // Page packs: any root and page code (the root is the first URL segment, §7 notes); the app code picks the file.
  app.get<{ Params: { root: string; page: string; file: string } }>(
    ENDPOINTS.pageLanguagePack,
    { schema: { params: object({ root: segment, page: segment, file: fileName }, ['root', 'page', 'file']) } },
    async (request, reply) => {
      const match = LANG_FILE.exec(request.params.file);
      if (!match || match[2] === 'ph') return reply.callNotFound();
      return sendLang(reply, match[1] as string, match[2] as string);
    },
  );

  app.get<{ Params: { file: string } }>(
    ENDPOINTS.appIcon,
    { schema: { params: object({ file: fileName }, ['file']) } },
    async (request, reply) => {
      const match = /^([a-z0-9]+)(?:-(gray|cartoon))?\.svg$/.exec(request.params.file);
      const appRow =
        match &&
        (ctx.db.prepare('SELECT english_name, color FROM apps WHERE code = ?').get(match[1]) as
          | { english_name: string; color: string }
          | undefined);
      if (!match || !appRow) return reply.callNotFound();
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .send(appIcon(appRow.english_name, appRow.color, match[2]));
    },
  );
}

function appIcon(englishName: string, colour: string, variant: string | undefined): string {
  const fill = variant === 'gray' ? '#9AA3AD' : colour;
  const radius = variant === 'cartoon' ? 24 : 12;
  const letter = escapeHtml(englishName.charAt(0).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(englishName)}"><rect width="64" height="64" rx="${radius}" fill="${fill}"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="600" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

/**
 * A stand-in module page: the header and the footer around the app's name, as ES element modules (only what the page
 * uses: the classic bundle of every element cost a phone half a second of main thread, issue 36).
 */
function modulePage(code: string, names: string, englishName: string): string {
  // The app's Chinese name field carries every language (`中文|||English|||繁體`).
  const zname = splitBilingual(names, 'zh-CN');
  const traditional = splitBilingual(names, 'zh-HK');
  // In a script, `<` is written \u003c so that no name can end the script element early.
  const text = JSON.stringify({
    'zh-CN': { title: zname, intro: `${zname}（演示模块页面）。` },
    en: { title: englishName, intro: `${englishName} (a demo module page).` },
    'zh-HK': { title: traditional, intro: `${traditional}（演示模組頁面）。` },
  }).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${escapeHtml(zname)}</title>
    <script async src="/dist/shell/legacy-browser.js"></script>
    <script type="module" src="/dist/elements/ph-header.js"></script>
    <script type="module" src="/dist/elements/ph-footer.js"></script>
    <link rel="stylesheet" href="/shared/site.css" />
  </head>
  <body data-filling>
    <ph-header></ph-header>
    <main class="site-main"><h1 data-text="title">${escapeHtml(zname)}</h1><p data-text="intro"></p></main>
    <ph-footer></ph-footer>
    <script type="module">
      const TEXT = ${text};
      phinit({ code: ${JSON.stringify(code)}, appCode: ${JSON.stringify(code)}, env: 'production', device: 'pc', languagePack: {} });
      PH.initLanguage().then((language) => {
        const text = TEXT[language] || TEXT['zh-CN'];
        document.documentElement.lang = language;
        document.title = text.title;
        for (const node of document.querySelectorAll('[data-text]')) node.textContent = text[node.dataset.text];
        delete document.body.dataset.filling;
      });
    </script>
  </body>
</html>
`;
}

function subappScript(fileId: string, title: string): string {
  return `(function () {
  var fileId = ${JSON.stringify(fileId)};
  var host = document.querySelector('[data-file-id="' + fileId + '"]') ||
    (document.currentScript && document.currentScript.parentElement) || document.body;
  var box = document.createElement('section');
  box.className = 'ph-subapp';
  box.setAttribute('data-subapp', fileId);
  // The page's language, as the shell sets it on <html>: one language on the page (issue 56), not both.
  var lang = document.documentElement.lang;
  var pick = function (texts) { var parts = texts.split('|||'); return lang === 'en' ? parts[1] : lang === 'zh-HK' ? parts[2] : parts[0]; };
  var heading = document.createElement('h2');
  heading.textContent = pick(${JSON.stringify(title)});
  var count = 0;
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'ph-subapp-counter';
  var show = function () { button.textContent = pick('计数：|||Count: |||計數：') + count; };
  button.addEventListener('click', function () { count++; show(); });
  show();
  box.appendChild(heading);
  box.appendChild(button);
  host.appendChild(box);
  window.dispatchEvent(new CustomEvent('ph-subapp-loaded', { detail: { fileId: fileId } }));
})();
`;
}
