import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_CHUNK_BYTES } from '../../../../src/core/api/wire';
import { ApiError, errors } from '../../envelope';
import type { AssemblyService, Expected } from './assembly';
import { AssemblyThread } from './assembly-thread';
import { writeInBatches } from './batched-write';
import { FolderGate } from './folder-gate';
import type { TempFile } from './temp-files';
import {
  chunkOffset,
  dataFileName,
  dataPath,
  isUploadFile,
  layoutIn,
  MAKING,
  markerPath,
  type UploadFolder,
} from './upload-folder';

/** Where a chunk goes: its number, the upload's count, and the chunk size its offset is counted in. */
export interface ChunkPlacement {
  chunk: number;
  chunks: number;
  each: number;
}

const chunkSizeMismatch = () =>
  new ApiError(400, 'chunk_size_mismatch', {
    zh: '分片大小与 eachSize 不符',
    en: 'The chunk is not eachSize bytes long',
  });

const layoutChanged = () =>
  new ApiError(409, 'chunk_layout_changed', {
    zh: '同一文件的另一次上传改变了分片大小，请重新上传此分片',
    en: 'Another upload of this file changed its chunk size; send this chunk again',
  });

/**
 * The chunks of uploads in progress (upload-folder.ts says how one lies on disk): each written once at its offset,
 * marked when whole, hashed in order by the assemblies, and the data file handed to the merge as the merged file.
 */
export class ChunkStore {
  private readonly gate = new FolderGate();
  /** Each folder's eachSize, as read from its data file's name. */
  private readonly layouts = new Map<string, number>();

  constructor(
    private readonly root: string,
    private readonly now: () => number,
    private readonly assemblies: AssemblyService = new AssemblyThread(),
  ) {}

  dir(folder: string): string {
    return join(this.root, folder);
  }

  /**
   * Writes a chunk's bytes from `source` into place and marks it; answers its size. A chunk before the last must be
   * `each` bytes, none more than the chunk limit; `truncated` tells whether the parser cut the body short.
   */
  async write(
    folder: string,
    placement: ChunkPlacement,
    source: AsyncIterable<Buffer>,
    truncated: () => boolean = () => false,
  ): Promise<number> {
    const upload: UploadFolder = { folder, dir: this.dir(folder), each: placement.each };
    if ((await this.layoutOf(folder)) !== placement.each) {
      await this.gate.exclusive(folder, () => this.relayout(upload));
    }
    const { chunk, chunks, each } = placement;
    const marker = markerPath(upload.dir, chunk);
    // The gate is held for each touch of the folder, not while the body comes: a request that stalls (a client gone
    // without closing) holds back no merge.
    const touch = <T>(work: () => Promise<T>) =>
      this.gate.shared(folder, () => {
        if (this.layouts.get(folder) !== each) throw layoutChanged();
        return work();
      });
    // The hashes take a chunk only while its marker is there. So every write unmarks it first, and a marker found there
    // (another try of the chunk, done meanwhile) tells the hashes that bytes they may have read change now.
    const unmark = async () => {
      if (await removed(marker)) void this.assemblies.rewriting(folder, chunk);
    };
    await touch(unmark);
    const guard = (write: () => Promise<void>) =>
      touch(async () => {
        await unmark();
        await write();
      });
    const limit = chunk < chunks ? each : MAX_CHUNK_BYTES;
    const size = await writeInBatches(source, dataPath(upload), { at: chunkOffset(each, chunk), limit, guard });
    if (truncated()) throw errors.tooLarge();
    if (chunk < chunks && size !== each) throw chunkSizeMismatch();
    await touch(async () => {
      if (await present(marker)) void this.assemblies.rewriting(folder, chunk);
      await this.mark(upload, marker, size);
    });
    void this.assemblies.advance(upload);
    return size;
  }

  /** Whether chunk `chunk` is whole in the folder (and `size` bytes long, when given). */
  async exists(folder: string, chunk: number, size?: number): Promise<boolean> {
    try {
      const info = await stat(markerPath(this.dir(folder), chunk));
      return size === undefined || info.size === size;
    } catch {
      return false;
    }
  }

  /**
   * Chunks 1..count as one temp file at `tempPath` with its hashes, when they give the MD5 (and size) expected; else
   * null, and the chunks stay. No chunk is written meanwhile.
   */
  assemble(folder: string, expected: Expected, tempPath: string): Promise<TempFile | null> {
    return this.gate.exclusive(folder, async () => {
      const each = await this.layoutOf(folder);
      if (each === null) return null;
      return this.assemblies.finish({ folder, dir: this.dir(folder), each }, expected, tempPath);
    });
  }

  /** Removes an upload's chunks, once no chunk is being written. */
  remove(folder: string): Promise<void> {
    return this.gate.exclusive(folder, async () => {
      await this.assemblies.drop(folder);
      this.layouts.delete(folder);
      await rm(this.dir(folder), { recursive: true, force: true });
    });
  }

  /** Whether a chunk is being written to the folder, or it is being merged or removed. */
  busy(folder: string): boolean {
    return this.gate.busy(folder);
  }

  close(): Promise<void> {
    return this.assemblies.close();
  }

  /**
   * Chunk folders of the layout before data files (a file per chunk, holding its bytes) would answer their chunks as
   * there, but no merge could take them: they are removed at start, and their uploads send their chunks again.
   * Answers the folders removed.
   */
  async dropOldLayouts(): Promise<string[]> {
    const dropped: string[] = [];
    for (const folder of await readdir(this.root).catch(() => [] as string[])) {
      const names = await readdir(this.dir(folder)).catch(() => null);
      if (!names || names.some((name) => name.startsWith('data-')) || !names.some((name) => /^\d+$/.test(name)))
        continue;
      await rm(this.dir(folder), { recursive: true, force: true });
      dropped.push(folder);
    }
    return dropped;
  }

  private async layoutOf(folder: string): Promise<number | null> {
    const known = this.layouts.get(folder);
    if (known !== undefined) return known;
    const found = await layoutIn(this.dir(folder));
    if (found !== null) this.layouts.set(folder, found);
    return found;
  }

  /**
   * Gives the folder the layout of `upload`: a first chunk, or one of a try with another chunk size, whose offsets
   * would not fit the bytes there; those are dropped.
   */
  private async relayout(upload: UploadFolder): Promise<void> {
    this.layouts.delete(upload.folder);
    if ((await this.layoutOf(upload.folder)) === upload.each) return;
    await this.assemblies.drop(upload.folder);
    await mkdir(upload.dir, { recursive: true });
    for (const name of await readdir(upload.dir)) {
      if (isUploadFile(name)) await rm(join(upload.dir, name), { force: true });
    }
    await (await open(join(upload.dir, dataFileName(upload.each)), 'w')).close();
    this.layouts.set(upload.folder, upload.each);
  }

  /**
   * Marks a chunk whole, and dates the marker, the data file and the folder by the server clock the sweep reads. The
   * marker is made aside and renamed into place: nothing ever sees it before it has its size.
   */
  private async mark(upload: UploadFolder, marker: string, size: number): Promise<void> {
    const at = new Date(this.now());
    // Named apart per write: the same chunk may come twice at once (a retry while the first try still runs).
    const making = `${marker}.${randomBytes(6).toString('hex')}${MAKING}`;
    const handle = await open(making, 'w');
    try {
      await handle.truncate(size);
      await handle.utimes(at, at);
    } finally {
      await handle.close();
    }
    await rename(making, marker);
    await utimes(dataPath(upload), at, at);
    await utimes(upload.dir, at, at);
  }
}

async function present(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Removes a file; answers whether it was there. */
async function removed(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch {
    return false;
  }
}
