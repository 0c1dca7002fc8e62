import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { ok } from '../../envelope';
import { fileName, md5, object, serverId } from '../../schemas';
import { ownerOf, type StorageDeps } from './deps';
import { checkedName } from './names';

/** The instant-upload check (§4 chunked upload, §7): whether the caller's unit already has the file's bytes. */
export async function instantUploadRoutes(app: FastifyInstance, { store, ownFiles }: StorageDeps): Promise<void> {
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
}
