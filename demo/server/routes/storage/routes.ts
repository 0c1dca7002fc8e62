import { createReadStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ChunkCheck } from '../../../../src/core/api/types';
import {
  DEFAULT_SERVER_ID,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  MAX_FILE_BYTES,
  MAX_SINGLE_UPLOAD_BYTES,
} from '../../../../src/core/api/wire';
import { requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { ApiError, bilingual, errors, ok } from '../../envelope';
import { id, int, md5, object, str } from '../../schemas';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';
import { intField, readMultipart } from './multipart';
import { checkedName, extensionOf, IMAGE_EXTENSION_SET } from './names';
import { FileStore, type StoredFile } from './store';

const MD5 = /^[a-f0-9]{32}$/;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const chunkOutOfRange = () =>
  new ApiError(400, 'chunk_out_of_range', bilingual('分片序号超出范围', 'Chunk index out of range'), [
    { field: 'chunk', message: bilingual('分片序号超出范围', 'Chunk index out of range') },
  ]);

/** Multipart fields skip the JSON schema: the server id gets the same closed alphabet as in JSON bodies. */
function serverIdOf(raw: string | undefined): string {
  if (!raw) return DEFAULT_SERVER_ID;
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw)) {
    throw errors.badRequest('serverid is invalid', 'serverid 无效', [{ field: 'serverid', message: 'serverid' }]);
  }
  return raw;
}

/** Limits of wire.ts are 413 (too large), like an oversized body; a bad index is a plain 400. */
function checkLimits(chunks: number, fullSize?: number): void {
  if (chunks > MAX_CHUNKS || (fullSize !== undefined && fullSize > MAX_FILE_BYTES)) throw errors.tooLarge();
}

export function registerStorageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = new FileStore(ctx);
  const merging = new Map<string, Promise<StoredFile>>();

  // Chunks of uploads that were never merged would stay forever: swept at start and then on an unref'd timer
  // (it never keeps the process alive), stopped when the server closes.
  const ttlMs = ctx.options.chunkTtlSeconds * 1000;
  const sweep = () =>
    store
      .sweep(Date.now() - ttlMs, (fileMd5) => merging.has(fileMd5))
      .then((removed) => {
        if (removed.chunkDirs.length || removed.tmpFiles.length) app.log.info(removed, 'swept stale upload chunks');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'chunk sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, Math.min(SWEEP_INTERVAL_MS, Math.max(ttlMs, 1000)));
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.post<{ Body: { md5: string; name?: string; serverid?: string } }>(
    '/api/storage/file_piecewise/second_upload_check',
    { schema: { body: object({ md5, name: str(255), serverid: id }, ['md5']) } },
    async (request) => {
      requireAuth(request);
      return ok(store.find(request.body.md5));
    },
  );

  app.post('/zuul/api/storage/upload', async (request) => {
    const { user } = requireAuth(request);
    const { fields, file } = await readMultipart(request, store, MAX_SINGLE_UPLOAD_BYTES);
    if (!file) throw errors.badRequest('Not find file', '未找到文件');
    try {
      const name = checkedName(file.filename, 'file');
      const declared = fields.md5?.toLowerCase();
      if (declared && declared !== file.md5) throw md5Mismatch();
      return ok(await store.commit(file, name, serverIdOf(fields.serverid), user.id));
    } catch (error) {
      await store.discard(file);
      throw error;
    }
  });

  app.post<{ Body: { md5: string; chunk: number; chunks: number; size?: number } }>(
    '/api/storage/file_piecewise/block_upload_check',
    {
      schema: {
        body: object(
          {
            md5,
            chunk: { type: 'integer' },
            chunks: { type: 'integer', minimum: 1 },
            size: int(0, MAX_CHUNK_BYTES),
            name: str(255),
            uid: str(64),
          },
          ['md5', 'chunk', 'chunks'],
        ),
      },
    },
    async (request) => {
      requireAuth(request);
      const { chunk, chunks, size } = request.body;
      checkLimits(chunks);
      if (chunk < 1 || chunk > chunks) throw chunkOutOfRange();
      const check: ChunkCheck = { data: await store.chunkExists(request.body.md5, chunk, size), chunk };
      return ok(check);
    },
  );

  app.post('/zuul/api/storage/file_piecewise/upload', async (request) => {
    requireAuth(request);
    const { fields, file } = await readMultipart(request, store, MAX_CHUNK_BYTES);
    if (!file) throw errors.badRequest('Not find file', '未找到文件');
    try {
      const fileMd5 = (fields.md5 ?? '').toLowerCase();
      if (!MD5.test(fileMd5)) throw errors.badRequest('md5 is invalid', 'md5 无效', [{ field: 'md5', message: 'md5' }]);
      const chunks = intField(fields, 'chunks', 1, Number.MAX_SAFE_INTEGER) as number;
      const chunk = intField(fields, 'chunk', 0, Number.MAX_SAFE_INTEGER) as number;
      checkLimits(chunks, intField(fields, 'fullSize', 0, Number.MAX_SAFE_INTEGER, false));
      if (chunk < 1 || chunk > chunks) throw chunkOutOfRange();
      checkedName(fields.fileName || fields.name || file.filename, 'fileName');
      await mkdir(store.chunkDir(fileMd5), { recursive: true });
      // Rename is atomic: a concurrent check or merge sees either no chunk or the whole chunk.
      await rename(file.path, store.chunkPath(fileMd5, chunk));
      return ok({ md5: fileMd5, chunk, size: file.size });
    } catch (error) {
      await store.discard(file);
      throw error;
    }
  });

  app.post<{ Body: { md5: string; name?: string; size?: number; chunks: number; serverid?: string } }>(
    '/api/storage/file_piecewise/merge_file',
    {
      schema: {
        body: object(
          {
            md5,
            name: str(255),
            size: { type: 'integer', minimum: 0 },
            chunks: { type: 'integer', minimum: 1 },
            serverid: id,
          },
          ['md5', 'chunks'],
        ),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      checkLimits(body.chunks, body.size);
      const fileMd5 = body.md5.toLowerCase();
      const name = checkedName(body.name, 'name');
      // A merge of the same file already running is shared: its answer (file or error) is this call's answer too.
      // It is registered before the first await, so two concurrent calls can never both start one.
      const running = merging.get(fileMd5);
      if (running) return ok(await running);
      const work = mergeChunks(fileMd5, body.chunks, body.size, name, body.serverid || DEFAULT_SERVER_ID, user.id);
      merging.set(fileMd5, work);
      try {
        return ok(await work);
      } finally {
        merging.delete(fileMd5);
      }
    },
  );

  async function mergeChunks(
    fileMd5: string,
    chunks: number,
    size: number | undefined,
    name: string,
    serverId: string,
    userId: string,
  ): Promise<StoredFile> {
    const existing = store.find(fileMd5);
    if (existing) {
      await store.removeChunks(fileMd5);
      return existing;
    }
    const missing: number[] = [];
    for (let chunk = 1; chunk <= chunks; chunk++) {
      if (!(await store.chunkExists(fileMd5, chunk))) missing.push(chunk);
    }
    if (missing.length) {
      throw new ApiError(
        400,
        'chunk_missing',
        bilingual('分片不完整，无法合并', 'Chunks are missing, cannot merge'),
        undefined,
        { missing },
      );
    }
    const temp = await store.concatenate(fileMd5, chunks);
    if (temp.md5 !== fileMd5 || (size !== undefined && temp.size !== size)) {
      await store.discard(temp);
      throw md5Mismatch();
    }
    const stored = await store.commit(temp, name, serverId, userId);
    await store.removeChunks(fileMd5);
    return stored;
  }

  app.post<{ Body: { serverid?: string; fileName: string; base64Str: string; type: string } }>(
    '/api/storage/upload/base64_convert_image',
    {
      bodyLimit: BASE64_BODY_LIMIT,
      schema: {
        body: object(
          {
            serverid: id,
            fileName: str(200, { minLength: 1 }),
            base64Str: str(BASE64_BODY_LIMIT, { minLength: 1 }),
            type: str(10),
          },
          ['fileName', 'base64Str', 'type'],
        ),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const type = request.body.type.toLowerCase();
      if (!IMAGE_EXTENSION_SET.has(type)) {
        throw errors.badRequest('The type must be an image extension', '文件类型错误', [
          { field: 'type', message: bilingual('文件类型错误', 'file type error') },
        ]);
      }
      const image = decodeBase64Image(request.body.base64Str, 'base64Str');
      const name = checkedName(`${request.body.fileName}.${type}`, 'fileName');
      const temp = await store.writeTemp(Readable.from([image.bytes]));
      return ok(await store.commit(temp, name, request.body.serverid || DEFAULT_SERVER_ID, user.id));
    },
  );

  const sendFile = (reply: FastifyReply, fileId: string, disposition: 'inline' | 'attachment', name?: string) => {
    const stored = MD5.test(fileId.toLowerCase()) ? store.find(fileId) : null;
    if (!stored) throw errors.notFound('No such file', '文件不存在');
    const filename = checkedNameOrStored(name, stored.name);
    return (
      reply
        .type(contentType(filename))
        .header('Content-Length', stored.size)
        // Uploaded bytes are untrusted: never sniffed, never run as a page of this origin.
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(createReadStream(store.filePath(stored.md5)))
    );
  };

  // Images and hidden-form downloads are fetched without script, so these two skip the device header.
  app.get<{ Params: { md5: string } }>(
    '/api/storage/file/:md5',
    { config: { deviceOptional: true }, schema: { params: object({ md5 }, ['md5']) } },
    async (request, reply) => sendFile(reply, request.params.md5, 'inline'),
  );
  const downloadSchema = object({ fileId: md5, name: str(255) }, ['fileId']);
  app.get<{ Querystring: { fileId: string; name?: string } }>(
    '/api/storage/download',
    { config: { deviceOptional: true }, schema: { querystring: downloadSchema } },
    async (request, reply) => sendFile(reply, request.query.fileId, 'attachment', request.query.name),
  );
  app.post<{ Body: { fileId: string; name?: string } }>(
    '/api/storage/download',
    { config: { deviceOptional: true }, schema: { body: downloadSchema } },
    async (request, reply) => sendFile(reply, request.body.fileId, 'attachment', request.body.name),
  );
}

const md5Mismatch = () =>
  new ApiError(400, 'md5_mismatch', bilingual('文件校验失败（MD5 不一致）', 'File check failed: MD5 mismatch'));

function checkedNameOrStored(requested: string | undefined, stored: string): string {
  return requested ? checkedName(requested) : stored;
}

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

function contentType(name: string): string {
  return TYPES[extensionOf(name)] ?? 'application/octet-stream';
}
