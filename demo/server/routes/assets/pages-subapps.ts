import type { FastifyInstance } from 'fastify';
import type { Manifest } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { object } from '../../schemas';
import { fileName, segment } from './pages-params';

/** A demo app's sub-apps: its manifest (§7) and each sub-app's script and stylesheet. */
export function registerSubappRoutes(app: FastifyInstance, ctx: ServerContext): void {
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
