import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { errors } from '../../envelope';
import { fileName, md5, object } from '../../schemas';
import { serves } from '../../spec-strict';
import { ownerOf, type StorageDeps } from './deps';
import { checkedName, fileExtension } from './names';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
};

/**
 * Reading stored files: inline by URL, or as an attachment through the hidden-form download helper (§7). A file is
 * readable by the users of the unit that has it, and by nobody else (404, as if it did not exist).
 */
export async function downloadRoutes(app: FastifyInstance, { ctx, store }: StorageDeps): Promise<void> {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    fileId: string,
    disposition: 'inline' | 'attachment',
    name?: string,
  ) => {
    const { unitId } = ownerOf(request);
    const stored = store.find(unitId, fileId);
    const path = stored && store.pathOf(unitId, fileId);
    if (!stored || !path) throw errors.notFound({ zh: '文件不存在', en: 'No such file' });
    const filename = name ? checkedName(name) : stored.name;
    return (
      reply
        .type(TYPES[fileExtension(filename)] ?? 'application/octet-stream')
        .header('Content-Length', stored.size)
        // Uploaded bytes are untrusted: never sniffed, never run as a page of this origin.
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(createReadStream(path))
    );
  };

  // Images and hidden-form downloads are fetched without script, so these skip the device header.
  // All three are added calls (spec-strict.ts): the §7-as-written profile leaves them out.
  if (serves(ctx.options, 'GET', ENDPOINTS.storedFile)) {
    app.get<{ Params: { md5: string } }>(
      ENDPOINTS.storedFile,
      { config: { deviceOptional: true }, schema: { params: object({ md5 }, ['md5']) } },
      async (request, reply) => send(request, reply, request.params.md5, 'inline'),
    );
  }
  const downloadSchema = object({ fileId: md5, name: fileName }, ['fileId']);
  if (serves(ctx.options, 'GET', ENDPOINTS.download)) {
    app.get<{ Querystring: { fileId: string; name?: string } }>(
      ENDPOINTS.download,
      { config: { deviceOptional: true }, schema: { querystring: downloadSchema } },
      async (request, reply) => send(request, reply, request.query.fileId, 'attachment', request.query.name),
    );
  }
  if (serves(ctx.options, 'POST', ENDPOINTS.download)) {
    app.post<{ Body: { fileId: string; name?: string } }>(
      ENDPOINTS.download,
      { config: { deviceOptional: true }, schema: { body: downloadSchema } },
      async (request, reply) => send(request, reply, request.body.fileId, 'attachment', request.body.name),
    );
  }
}
