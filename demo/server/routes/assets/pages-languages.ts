import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { object } from '../../schemas';
import { fileName, segment } from './pages-params';

const LANG_FILE = /^(zh-CN|en|zh-HK)-([A-Za-z0-9_]+)\.json$/;

/** The language packs: the shared one (`ph`) and each page's, from demo/server/static/lang. */
export function registerLanguagePackRoutes(app: FastifyInstance, ctx: ServerContext): void {
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
}
