import type { ChunkReader } from './slices';

// Reading on a second thread. In the MD5 worker, reading a Blob's stream costs the reading thread about a third of
// the hashing time again (256 MB in Chromium here: 480 ms of MD5 alone, 750 ms read and hashed on one thread, 585 ms
// with a second worker reading and handing over the chunks). So the MD5 worker starts a reader: a nested worker from
// the same script, which reads the stream and transfers each chunk (no copy) over a MessageChannel, at most
// READ_AHEAD_BYTES ahead of the hashing. Where no nested worker starts (no Worker in workers, a script from a blob
// URL), the MD5 worker reads itself, as before.

/** How far the reader may run ahead of the hashing: a few of its chunks, never the file. */
export const READ_AHEAD_BYTES = 8 * 1024 * 1024;
/** The hashing thread acknowledges consumed bytes in steps of this many. */
const ACK_BYTES = 1024 * 1024;

/** From the MD5 worker to its reader: a read of `file` from `from`, its chunks sent on `port`. */
export interface ReadOrder {
  type: 'read';
  file: Blob;
  from: number;
  port: MessagePort;
}

/** On a read's port, from the reader. */
type FromReader = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'error'; message: string };
/** On a read's port, from the hashing side. */
type ToReader = { type: 'ack'; bytes: number } | { type: 'stop' };

/** The reader's side of one read: streams `file` from `from` onto `port`, keeping within READ_AHEAD_BYTES. */
export async function serveRead({ file, from, port }: ReadOrder): Promise<void> {
  const stream = file.slice(from).stream().getReader();
  let ahead = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  port.onmessage = (event: MessageEvent<ToReader>) => {
    if (event.data.type === 'stop') {
      stopped = true;
      port.close();
      void stream.cancel();
    } else ahead -= event.data.bytes;
    wake?.();
  };
  const send = (message: FromReader, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  try {
    while (!stopped) {
      while (ahead >= READ_AHEAD_BYTES && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) break;
      const { value, done } = await stream.read();
      if (stopped) break;
      if (done) return send({ type: 'end' });
      // A view over part of a larger buffer is copied out: a transfer takes the whole buffer.
      const bytes = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
      ahead += bytes.byteLength;
      send({ type: 'chunk', bytes }, [bytes.buffer]);
    }
  } catch (error) {
    if (!stopped) send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The hashing side of one read: the chunks that `reader` sends, as a stream reader would give them. */
export function readThrough(reader: Worker, file: Blob, from: number): ChunkReader {
  const channel = new MessageChannel();
  const port = channel.port1;
  const arrived: FromReader[] = [];
  let wake: (() => void) | undefined;
  let unacknowledged = 0;
  port.onmessage = (event: MessageEvent<FromReader>) => {
    arrived.push(event.data);
    wake?.();
  };
  reader.postMessage({ type: 'read', file, from, port: channel.port2 } satisfies ReadOrder, [channel.port2]);
  const tell = (message: ToReader) => port.postMessage(message);
  return {
    async read() {
      while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = arrived.shift()!;
      if (message.type === 'error') throw new Error(message.message);
      if (message.type === 'end') return { done: true, value: undefined };
      unacknowledged += message.bytes.byteLength;
      if (unacknowledged >= ACK_BYTES) {
        tell({ type: 'ack', bytes: unacknowledged });
        unacknowledged = 0;
      }
      return { value: message.bytes, done: false };
    },
    async cancel() {
      tell({ type: 'stop' });
      port.close();
    },
  };
}

/**
 * A reader worker from this worker's own script, once it says it runs; null where none starts (then this thread
 * reads). `scriptUrl` is the worker's own location.
 */
export function startReader(scriptUrl: string): Promise<Worker | null> {
  if (typeof Worker !== 'function' || !/^https?:/.test(scriptUrl)) return Promise.resolve(null);
  let reader: Worker;
  try {
    reader = new Worker(scriptUrl);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    reader.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'reader-ready') resolve(reader);
    };
    reader.onerror = (event) => {
      event.preventDefault();
      reader.terminate();
      resolve(null);
    };
    reader.postMessage({ type: 'reader-hello' });
  });
}
