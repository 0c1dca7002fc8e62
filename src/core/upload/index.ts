// TransportError and TransportFailure are core/http's: one class for every transport, re-exported here.
export type { TransportFailure } from '../http/transport';
export { TransportError } from '../http/transport';
export { acceptsFile, acceptTokens } from './accept';
export type { Base64ImageInput } from './base64';
export { uploadBase64Image } from './base64';
export type { ChoicePlan, ListedUpload } from './choice';
export { planChoice } from './choice';
export type { PausedRemainder, QueueAction, UploadAction } from './controls';
export { allEnded, isFinished, pausedRemainder, queueActions, uploadActions } from './controls';
export type { DirectoryEntry, DirectoryListing } from './directory';
export { describeDirectory, directoryEntries, filesFromDataTransfer, filesFromDropped } from './directory';
export type { DroppedEntry, DroppedItemLike } from './dropped';
export { takeDropped } from './dropped';
export type { UploadErrorInit, UploadErrorType, UploadFailureKind } from './errors';
export { UploadError } from './errors';
export type { FileIdentity, WireFields } from './fields';
export {
  chunkCheckFields,
  chunkUploadFields,
  mergeFields,
  secondCheckFields,
  singleUploadFields,
} from './fields';
export type { FolderPickingBrowser } from './folders';
export { canPickFolders, currentFolderPickingBrowser } from './folders';
export type { Md5Engine, Md5EngineChoice, Md5EngineName } from './hash/engine';
export type { HashTask, Md5Hasher } from './hash/hasher';
export { createMainThreadHasher } from './hash/main-thread';
export type { WorkerHasherOptions } from './hash/worker-hasher';
export { createWorkerHasher, defaultHasher, MAIN_THREAD_HASH_BYTES } from './hash/worker-hasher';
export type { UploadItem } from './item';
export { newUid, toUploadItem } from './item';
export type { Limiter } from './limiter';
export { createLimiter } from './limiter';
export {
  FOLD_LONGER_THAN,
  type ListRow,
  type ListView,
  listView,
  naturalOrder,
  type UnfinishedUpload,
  unfinishedUploads,
  WAITING_SHOWN,
} from './list';
export type { ChunkState, UploadFlowEvent, UploadFlowState, UploadPhase, UploadStep } from './machine';
export { advanceUploadFlow, initialUploadFlow, takeUploadSteps } from './machine';
export type { OwnFilesState } from './own-files';
export { ownFilesFailure, readOwnFiles } from './own-files';
export type { OwnFilesOrder, OwnFilesSortKey, OwnFilesView, OwnFilesViewOptions } from './own-files-view';
export { nextOwnFilesSort, viewOwnFiles } from './own-files-view';
export type { ChunkPlan, PlanOptions } from './plan';
export { chunkRange, planChunks } from './plan';
export type { UploadQueue, UploadQueueOptions } from './queue';
export { createUploadQueue, DEFAULT_CONCURRENCY } from './queue';
export type { RetryPolicy } from './retry';
export { DEFAULT_RETRY_DELAYS, isTransient, retryDelay } from './retry';
export type { Upload, UploadOptions, UploadSnapshot, UploadStatus } from './runner';
export { createUpload, DEFAULT_PARALLEL, MD5_SLICE_SIZE } from './runner';
export type { UploaderOptions, UploaderSettings } from './settings';
export { MIN_CHUNK_SIZE, parseByteSize, uploaderOptions } from './settings';
export type { RateMeter } from './speed';
export { createRateMeter } from './speed';
export type { FingerprintSource, StoredUploadState, UploadStateStore } from './store';
export { defaultStateStore, fileFingerprint, indexedDbStateStore, memoryStateStore } from './store';
export { UPLOAD_STRINGS } from './strings';
export type { TransportConfig, UploadRequest, UploadResponse, UploadTransport } from './transport';
export { createClientTransport, createXhrTransport, defaultTransport, pageHeaders } from './transport';
export type { UploadRules } from './validate';
export {
  DEFAULT_MAX_SIZE,
  FILE_TYPE_ERROR_STATUS,
  nothingToUpload,
  refusedExtensions,
  validateUpload,
} from './validate';
