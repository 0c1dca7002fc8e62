import type { StoredFile } from '../api/types';
import {
  CHUNK_CHECK_PATH,
  CHUNK_UPLOAD_PATH,
  MERGE_CHUNKS_PATH,
  SECOND_UPLOAD_CHECK_PATH,
  SINGLE_UPLOAD_PATH,
} from '../api/upload-paths';
import { call } from './call';
import { dataOf, type UploadError } from './errors';
import {
  chunkCheckFields,
  chunkUploadFields,
  type FileIdentity,
  mergeFields,
  secondCheckFields,
  singleUploadFields,
} from './fields';
import type { UploadItem } from './item';
import type { UploadFlowEvent, UploadStep } from './machine';
import { type ChunkPlan, chunkRange } from './plan';
import type { UploadTransport } from './transport';

// The requests of the §4 flow, one function per step: each sends its §7 call and turns the answer into the event
// the flow machine expects, or throws the step's UploadError. The runner decides when; these only send.

export interface StepRequest {
  transport: UploadTransport;
  item: UploadItem;
  plan: ChunkPlan;
  identity: FileIdentity;
  signal: AbortSignal;
  /** File bytes of this request sent so far. */
  onSent: (bytes: number) => void;
}

async function secondCheck(request: StepRequest): Promise<UploadFlowEvent> {
  const response = await call(request.transport, 'checkerror', {
    path: SECOND_UPLOAD_CHECK_PATH,
    fields: secondCheckFields(request.identity),
    multipart: false,
    signal: request.signal,
  });
  const data = dataOf('checkerror', response);
  // §7: status 200 and data means the file exists.
  return { kind: 'secondChecked', file: data ? (data as StoredFile) : null };
}

async function single(request: StepRequest): Promise<UploadFlowEvent> {
  const { file, fileName } = request.item;
  // The server names a single upload by its file part: give the part the item's name.
  const named =
    typeof File === 'function' && !(file instanceof File && file.name === fileName)
      ? new File([file], fileName, { type: file.type })
      : file;
  const response = await call(request.transport, 'uploaderror', {
    path: SINGLE_UPLOAD_PATH,
    fields: singleUploadFields(request.identity, named),
    multipart: true,
    signal: request.signal,
    onProgress: (bytes) => request.onSent(Math.min(bytes, file.size)),
  });
  const data = dataOf('uploaderror', response) as StoredFile;
  request.onSent(file.size);
  return { kind: 'singleUploaded', file: data };
}

async function checkChunk(request: StepRequest, chunk: number): Promise<UploadFlowEvent> {
  const response = await call(request.transport, 'checkchunkerror', {
    path: CHUNK_CHECK_PATH,
    fields: chunkCheckFields(request.identity, request.plan, chunk),
    multipart: false,
    signal: request.signal,
  });
  const data = dataOf('checkchunkerror', response) as { data?: unknown } | undefined;
  // §7: the answer's data.data says whether the chunk is stored.
  return { kind: 'chunkChecked', chunk, exists: data?.data === true };
}

async function uploadChunk(request: StepRequest, chunk: number): Promise<UploadFlowEvent> {
  const { start, end } = chunkRange(request.plan, chunk);
  const bytes = request.item.file.slice(start, end);
  const response = await call(request.transport, 'uploadunkerror', {
    path: CHUNK_UPLOAD_PATH,
    fields: chunkUploadFields(request.identity, request.plan, chunk, bytes),
    multipart: true,
    signal: request.signal,
    onProgress: (sent) => request.onSent(Math.min(sent, bytes.size)),
  });
  dataOf('uploadunkerror', response);
  request.onSent(bytes.size);
  return { kind: 'chunkUploaded', chunk };
}

async function merge(request: StepRequest): Promise<UploadFlowEvent> {
  const response = await call(request.transport, 'chunkmerge', {
    path: MERGE_CHUNKS_PATH,
    fields: mergeFields(request.identity, request.plan),
    multipart: false,
    signal: request.signal,
  });
  try {
    return { kind: 'merged', file: dataOf('chunkmerge', response) as StoredFile };
  } catch (error) {
    // The server lost chunks it had confirmed (swept, disk): the flow sends them again, once (machine.ts).
    const data = (error as UploadError).data as { missing?: unknown } | undefined;
    if (Array.isArray(data?.missing)) return { kind: 'mergeMissing', missing: data.missing as number[] };
    throw error;
  }
}

/** Sends the request of a step other than hashing. */
export function sendStep(step: Exclude<UploadStep, { kind: 'hash' }>, request: StepRequest): Promise<UploadFlowEvent> {
  switch (step.kind) {
    case 'secondCheck':
      return secondCheck(request);
    case 'single':
      return single(request);
    case 'checkChunk':
      return checkChunk(request, step.chunk);
    case 'uploadChunk':
      return uploadChunk(request, step.chunk);
    case 'merge':
      return merge(request);
  }
}
