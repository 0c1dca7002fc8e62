import { MAX_CHUNK_BYTES } from '../../src/core/api/wire';

// JSON-schema fragments: every string has a maxLength, so an oversized field is a 400 before any handler runs.
// Multipart fields are checked against these same schemas (validation.ts checkFields), so no pattern is written twice.

export const str = (maxLength = 200, extra: Record<string, unknown> = {}) => ({ type: 'string', maxLength, ...extra });

/** Identifiers of rows: a closed alphabet, so quotes and SQL comments never reach a query as an id. */
export const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' };
/** The storage server id (§3 upload parameters): an id. */
export const serverId = id;
export const md5 = { type: 'string', pattern: '^[a-fA-F0-9]{32}$' };
export const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
export const flag = { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }] };
/** A display file name as the client sends it (checked again by routes/storage/names.ts). */
export const fileName = str(255);

export function object(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required };
}

/** Count of chunks and chunk numbers: bounded by MAX_CHUNKS and MAX_FILE_BYTES in the handlers (413, not 400). */
const count = { type: 'integer', minimum: 0 };

/** Fields of the single upload (multipart, beside the file). */
export const singleUploadFields = object({ serverid: serverId, uid: str(64), md5 });

/** Fields of a chunk upload (multipart, beside the file, in any order). */
export const chunkUploadFields = object(
  {
    md5,
    chunk: count,
    chunks: { type: 'integer', minimum: 1 },
    fullSize: count,
    size: int(0, MAX_CHUNK_BYTES),
    eachSize: count,
    chunked: str(8),
    fileName,
    name: fileName,
    uid: str(64),
    serverid: serverId,
  },
  ['md5', 'chunk', 'chunks'],
);
