// Resume across page reloads: a file's MD5 kept by file fingerprint. After a reload the same file chosen again
// skips hashing, and the flow asks the server about each chunk (§4), so only the missing ones are sent. Its name and
// the bytes the server confirmed are kept too, so that the uploader can show what is unfinished before the file is
// chosen again (issue 35). Behind an interface: IndexedDB in pages, memory in tests.

export interface StoredUploadState {
  fingerprint: string;
  md5: string;
  size: number;
  /** ms since the epoch (the injected clock's). */
  updatedAt: number;
  /** The file's name (its path inside a folder); absent in states kept before it was. */
  fileName?: string;
  /** Bytes of whole chunks the server confirmed. */
  uploadedBytes?: number;
}

export interface UploadStateStore {
  get(fingerprint: string): Promise<StoredUploadState | undefined>;
  put(state: StoredUploadState): Promise<void>;
  delete(fingerprint: string): Promise<void>;
  /** Every kept state: the uploads not finished yet. */
  list(): Promise<StoredUploadState[]>;
}

/** What identifies a chosen file (the fields of an upload item). */
export interface FingerprintSource {
  fileName: string;
  size: number;
  lastModified: number;
  type: string;
  webkitRelativePath: string;
}

/** Same path, size, modification time and type: taken as the same file (the merge checks the MD5 anyway). */
export function fileFingerprint(file: FingerprintSource): string {
  return JSON.stringify([
    'ph-upload/1',
    file.webkitRelativePath || file.fileName,
    file.size,
    file.lastModified,
    file.type,
  ]);
}

export function memoryStateStore(): UploadStateStore {
  const entries = new Map<string, StoredUploadState>();
  return {
    get: async (fingerprint) => {
      const entry = entries.get(fingerprint);
      return entry && structuredClone(entry);
    },
    put: async (state) => {
      entries.set(state.fingerprint, structuredClone(state));
    },
    delete: async (fingerprint) => {
      entries.delete(fingerprint);
    },
    list: async () => [...entries.values()].map((entry) => structuredClone(entry)),
  };
}

const STORE = 'uploads';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** IndexedDB store (database `ph-widgets-upload`, object store `uploads`, key `fingerprint`). */
export function indexedDbStateStore(databaseName = 'ph-widgets-upload'): UploadStateStore {
  let database: Promise<IDBDatabase> | undefined;
  const open = () => {
    database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'fingerprint' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return database;
  };
  const objectStore = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    get: async (fingerprint) => (await promised((await objectStore('readonly')).get(fingerprint))) ?? undefined,
    put: async (state) => {
      await promised((await objectStore('readwrite')).put(state));
    },
    delete: async (fingerprint) => {
      await promised((await objectStore('readwrite')).delete(fingerprint));
    },
    list: async () => promised((await objectStore('readonly')).getAll()),
  };
}

/** IndexedDB where the page has it; nothing is kept elsewhere (Node, private modes without storage). */
export function defaultStateStore(): UploadStateStore | null {
  return typeof indexedDB === 'object' && indexedDB !== null ? indexedDbStateStore() : null;
}
