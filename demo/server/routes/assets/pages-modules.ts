import type { FastifyInstance } from 'fastify';
import { splitBilingual } from '../../../../src/core/i18n/bilingual';
import type { ServerContext } from '../../context';
import { object } from '../../schemas';
import { escapeHtml, scriptSafeJson } from '../../util/html';
import { segment } from './pages-params';

/**
 * §2 module pages (`/pages/{app}/pc_{app}_tm/index.html`, `_spm` for parents and students, `mobile_` forms): where
 * opening an app on the desktop lands. A site file wins (the grade app's own page); every other seeded app gets a
 * stand-in legacy module page, so that no icon of the demo leads to a 404.
 */
export function registerModulePageRoutes(app: FastifyInstance, ctx: ServerContext): void {
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
}

/**
 * A stand-in module page: the header and the footer around the app's name, as ES element modules (only what the page
 * uses: the classic bundle of every element cost a phone half a second of main thread, issue 36).
 */
function modulePage(code: string, names: string, englishName: string): string {
  // The app's Chinese name field carries every language (`中文|||English|||繁體`).
  const zname = splitBilingual(names, 'zh-CN');
  const traditional = splitBilingual(names, 'zh-HK');
  // Written so that no name can end the script element early.
  const text = scriptSafeJson({
    'zh-CN': { title: zname, intro: `${zname}（演示模块页面）。` },
    en: { title: englishName, intro: `${englishName} (a demo module page).` },
    'zh-HK': { title: traditional, intro: `${traditional}（演示模組頁面）。` },
  });
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
