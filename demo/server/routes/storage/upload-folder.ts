import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

// An upload in progress on disk: its chunk folder holds one data file, chunk n at (n − 1) × eachSize, so each byte is
// written once and the merged file is that file renamed; and a marker per chunk received whole (the file `n`, empty
// but sized as the chunk: a check is one stat). The data file is named by its eachSize, the layout of its offsets.

/** Where one upload's chunks go: its folder (one per owner and MD5) and the chunk size its offsets use. */
export interface UploadFolder {
  /** The chunk folder's name: the key of the upload's gate and assembly. */
  folder: string;
  /** The chunk folder's path. */
  dir: string;
  /** Bytes of every chunk but the last (`eachSize`): chunk n starts at (n − 1) × each. */
  each: number;
}

const DATA_FILE = /^data-(\d+)$/;

export const dataFileName = (each: number) => `data-${each}`;

export const dataPath = (upload: UploadFolder) => join(upload.dir, dataFileName(upload.each));

/** Chunk n's marker, present once the chunk's bytes are all in the data file. */
export const markerPath = (dir: string, chunk: number) => join(dir, String(chunk));

/** The ending of a marker being made, before it is renamed into place. */
export const MAKING = '.making';

export const chunkOffset = (each: number, chunk: number) => (chunk - 1) * each;

/** The eachSize of the data file in a chunk folder, or null when it has none (yet). */
export async function layoutIn(dir: string): Promise<number | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  for (const name of names) {
    const match = DATA_FILE.exec(name);
    if (match) return Number(match[1]);
  }
  return null;
}

/** The files of a chunk folder that belong to its uploads: data files and markers (anything else is left). */
export const isUploadFile = (name: string) => DATA_FILE.test(name) || /^\d+(\.[0-9a-f]+\.making)?$/.test(name);
