import { DEFAULT_SERVER_ID } from '../api/upload-wire';
import { type ChunkPlan, chunkBytes } from './plan';

// The bodies of the §7 storage calls, spelled as on the wire (§3 upload parameters). One function per call, so
// the field names live here only; the runner fills them and the transport encodes them.

export type WireFields = Record<string, string | number | boolean | Blob>;

export interface FileIdentity {
  md5: string;
  /** Display name of the file (`name`, `fileName`). */
  name: string;
  /** Client id of this upload (§3 `uid`). */
  uid: string;
  /** Storage server id (§3 `serverid`, default `base`). */
  serverid?: string;
}

/** POST second_upload_check: does the server already hold a file with this MD5? */
export function secondCheckFields(id: FileIdentity): WireFields {
  return { md5: id.md5, name: id.name, serverid: id.serverid || DEFAULT_SERVER_ID };
}

/** POST (multipart) upload: the whole file in one piece. */
export function singleUploadFields(id: FileIdentity, file: Blob): WireFields {
  return { serverid: id.serverid || DEFAULT_SERVER_ID, uid: id.uid, md5: id.md5, file };
}

/** POST block_upload_check: is chunk `chunk` (1-based) stored, with this size? */
export function chunkCheckFields(id: FileIdentity, plan: ChunkPlan, chunk: number): WireFields {
  return { md5: id.md5, size: chunkBytes(plan, chunk), chunks: plan.chunks, name: id.name, uid: id.uid, chunk };
}

/** POST (multipart) file_piecewise/upload: one chunk. The file part goes last, after the fields that place it. */
export function chunkUploadFields(id: FileIdentity, plan: ChunkPlan, chunk: number, bytes: Blob): WireFields {
  return {
    chunked: true,
    chunk,
    chunks: plan.chunks,
    eachSize: plan.eachSize,
    md5: id.md5,
    fileName: id.name,
    name: id.name,
    fullSize: plan.size,
    uid: id.uid,
    size: bytes.size,
    file: bytes,
  };
}

/** POST merge_file: join chunks 1..chunks; the server checks the whole-file MD5 and size. */
export function mergeFields(id: FileIdentity, plan: ChunkPlan): WireFields {
  return {
    md5: id.md5,
    name: id.name,
    size: plan.size,
    chunks: plan.chunks,
    serverid: id.serverid || DEFAULT_SERVER_ID,
  };
}
