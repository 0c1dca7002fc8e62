import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ChunkCheck } from '../../../../src/core/api/types';
import { DEFAULT_SERVER_ID, ENDPOINTS, MAX_CHUNK_BYTES, MAX_SINGLE_UPLOAD_BYTES } from '../../../../src/core/api/wire';
import { errors, fieldError, ok } from '../../envelope';
import { chunkUploadFields, fileName, int, md5, object, serverId, singleUploadFields, str } from '../../schemas';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';
import { checkFields } from '../../validation';
import { checkChunkIndex, checkLimits, md5Mismatch, noFile, ownerOf, type StorageDeps } from './deps';
import { readMultipart } from './multipart';
import { checkedName, IMAGE_EXTENSION_SET } from './names';

interface ChunkFields {
  md5: string;
  chunk: number;
  chunks: number;
  fullSize?: number;
  fileName?: string;
  name?: string;
}

/** Uploads (§4 chunked upload, §7): instant-upload check, single upload, base64 image, chunk check, chunk upload. */
export async function uploadRoutes(app: FastifyInstance, { store, ownFiles }: StorageDeps): Promise<void> {
  // "Exists" only for a file the caller's unit already has: knowing an MD5 is not having the file. A file found is
  // the caller's instant upload, so it joins their own files under the name they chose.
  app.post<{ Body: { md5: string; name?: string; serverid?: string } }>(
    ENDPOINTS.secondUploadCheck,
    { schema: { body: object({ md5, name: fileName, serverid: serverId }, ['md5']) } },
    async (request) => {
      const owner = ownerOf(request);
      const found = store.find(owner.unitId, request.body.md5);
      const name = request.body.name ? checkedName(request.body.name) : undefined;
      return ok(found && ownFiles.keep(owner, found, name));
    },
  );

  app.post(ENDPOINTS.singleUpload, async (request) => {
    const owner = ownerOf(request);
    const { fields, file } = await readMultipart(
      request,
      (source) => store.writeTemp(source),
      (temp) => store.discard(temp),
      MAX_SINGLE_UPLOAD_BYTES,
    );
    if (!file) throw noFile();
    try {
      const checked = checkFields<{ md5?: string; serverid?: string }>(singleUploadFields, fields);
      const name = checkedName(file.filename, 'file');
      if (checked.md5 && checked.md5.toLowerCase() !== file.md5) throw md5Mismatch();
      const stored = await store.commit(file, { ...owner, name, serverId: checked.serverid || DEFAULT_SERVER_ID });
      return ok(ownFiles.keep(owner, stored, name));
    } catch (error) {
      await store.discard(file);
      throw error;
    }
  });

  app.post<{ Body: { md5: string; chunk: number; chunks: number; size?: number } }>(
    ENDPOINTS.chunkCheck,
    {
      schema: {
        body: object(
          {
            md5,
            chunk: { type: 'integer' },
            chunks: { type: 'integer', minimum: 1 },
            size: int(0, MAX_CHUNK_BYTES),
            name: fileName,
            uid: str(64),
          },
          ['md5', 'chunk', 'chunks'],
        ),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { chunk, chunks, size } = request.body;
      checkLimits(chunks);
      checkChunkIndex(chunk, chunks);
      const check: ChunkCheck = { data: await store.chunkExists(owner, request.body.md5, chunk, size), chunk };
      return ok(check);
    },
  );

  app.post(ENDPOINTS.chunkUpload, async (request) => {
    const owner = ownerOf(request);
    const { fields, file } = await readMultipart(
      request,
      (source) => store.receive(source),
      (temp) => store.discard(temp),
      MAX_CHUNK_BYTES,
    );
    if (!file) throw noFile();
    try {
      const checked = checkFields<ChunkFields>(chunkUploadFields, fields);
      const fileMd5 = checked.md5.toLowerCase();
      checkLimits(checked.chunks, checked.fullSize);
      checkChunkIndex(checked.chunk, checked.chunks);
      checkedName(checked.fileName || checked.name || file.filename, 'fileName');
      // Rename is atomic: a concurrent check or merge sees either no chunk or the whole chunk.
      await store.placeChunk(file, owner, fileMd5, checked.chunk);
      return ok({ md5: fileMd5, chunk: checked.chunk, size: file.size });
    } catch (error) {
      await store.discard(file);
      throw error;
    }
  });

  app.post<{ Body: { serverid?: string; fileName: string; base64Str: string; type: string } }>(
    ENDPOINTS.base64Image,
    {
      bodyLimit: BASE64_BODY_LIMIT,
      schema: {
        body: object(
          {
            serverid: serverId,
            fileName: str(200, { minLength: 1 }),
            base64Str: str(BASE64_BODY_LIMIT, { minLength: 1 }),
            type: str(10),
          },
          ['fileName', 'base64Str', 'type'],
        ),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const type = request.body.type.toLowerCase();
      if (!IMAGE_EXTENSION_SET.has(type)) {
        throw errors.badRequest({ zh: '文件类型错误', en: 'The type must be an image extension' }, [
          fieldError('type', { zh: '文件类型错误', en: 'file type error' }),
        ]);
      }
      const image = decodeBase64Image(request.body.base64Str, 'base64Str');
      const name = checkedName(`${request.body.fileName}.${type}`, 'fileName');
      const temp = await store.writeTemp(Readable.from([image.bytes]));
      const stored = await store.commit(temp, { ...owner, name, serverId: request.body.serverid || DEFAULT_SERVER_ID });
      return ok(ownFiles.keep(owner, stored, name));
    },
  );
}
