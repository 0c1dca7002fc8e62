// The files an upload leaves in the store's tmp/ on their way in, apart from store.ts: the assembly (assembly.ts),
// which the store drives, hands one back too.

/** Bytes received into a temp file, not yet anywhere they count. */
export interface ReceivedFile {
  path: string;
  size: number;
}

/** A received file with its hashes: ready to be committed as a stored file. */
export interface TempFile extends ReceivedFile {
  md5: string;
  sha256: string;
}
