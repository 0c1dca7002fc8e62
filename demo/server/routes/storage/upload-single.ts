import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SERVER_ID, ENDPOINTS, MAX_SINGLE_UPLOAD_BYTES } from '../../../../src/core/api/wire';
import { errors, fieldError, ok } from '../../envelope';
import { object, serverId, singleUploadFields, str } from '../../schemas';
import { BASE64_BODY_LIMIT, decodeBase64Image } from '../../util/images';
import { checkFields } from '../../validation';
import { md5Mismatch, noFile, ownerOf, type StorageDeps } from './deps';
import { readMultipart } from './multipart';
import { checkedName, IMAGE_EXTENSION_SET } from './names';

/** Whole files in one request (§7): a multipart single upload, and a base64 image. */
export async function singleUploadRoutes(app: FastifyInstance, { store, ownFiles }: StorageDeps): Promise<void> {
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
