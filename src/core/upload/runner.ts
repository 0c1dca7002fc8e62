import { atom, type ReadableAtom } from 'nanostores';
import type { StoredFile } from '../api/types';
import { Stopped } from './call';
import { ruleError, UploadError } from './errors';
import type { HashTask, Md5Hasher } from './hash/hasher';
import { defaultHasher } from './hash/worker-hasher';
import type { UploadItem } from './item';
import type { Limiter } from './limiter';
import {
  advanceUploadFlow,
  chunkBytesDone,
  initialUploadFlow,
  takeUploadSteps,
  type UploadFlowEvent,
  type UploadFlowState,
  type UploadPhase,
  type UploadStep,
} from './machine';
import { type ChunkPlan, planChunks } from './plan';
import { type RetryPolicy, retryDelay } from './retry';
import { createRateMeter, type RateMeter } from './speed';
import { type StepRequest, sendStep } from './steps';
import { defaultStateStore, fileFingerprint, type UploadStateStore } from './store';
import { uploadText } from './strings';
import { defaultTransport, type UploadTransport } from './transport';
import { type UploadRules, validateUpload } from './validate';

// The runner: carries out what the flow (machine.ts) decides, through the injected transport, hasher, store and
// clock. It owns pause / resume / abort / retry, retries with backoff, progress, speed and the stored state.

/** Chunks in flight at once, by default. */
export const DEFAULT_PARALLEL = 3;
/** §9 MD5 slice. */
export const MD5_SLICE_SIZE = 2 * 1024 * 1024;

export interface UploadOptions extends RetryPolicy, UploadRules {
  /** §3 `serverid`, default `base`. */
  serverid?: string;
  /** §9 chunk size, default 2 MB. */
  chunkSize?: number;
  /** Chunks in flight at once (default 3). */
  parallel?: number;
  transport?: UploadTransport;
  hasher?: Md5Hasher;
  /** Where upload states are kept for a resume after a reload; null keeps none. Default: IndexedDB if any. */
  store?: UploadStateStore | null;
  /** The clock of speed and stored times (ms). */
  now?: () => number;
  /** Shared by the uploads of a queue: at most so many run at once. */
  limiter?: Limiter;
}

export type UploadStatus = 'idle' | 'queued' | 'hashing' | 'uploading' | 'paused' | 'success' | 'error' | 'aborted';

export interface UploadSnapshot {
  uid: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** Where the §4 flow stands. */
  phase: UploadPhase;
  hashedBytes: number;
  /** Bytes the server holds, plus those of requests under way. */
  uploadedBytes: number;
  /** File bytes put on the wire so far, retries and re-sends included (0 for an instant upload). */
  sentBytes: number;
  md5: string | undefined;
  chunks: number;
  /** Bytes per second of the current activity (hashing or sending). */
  speed: number;
  /** Seconds left for the current activity, once a speed is known. */
  remainingSeconds: number | undefined;
  /** The MD5 came from a stored state (a resume after a reload): no hashing. */
  resumed: boolean;
  /** The server already had the file. */
  instant: boolean;
  result: StoredFile | undefined;
  error: UploadError | undefined;
}

export interface Upload {
  readonly uid: string;
  readonly item: UploadItem;
  readonly $state: ReadableAtom<UploadSnapshot>;
  /** Starts (or, when started, waits): resolves when the upload ends, in success, error or abort. */
  start(): Promise<UploadSnapshot>;
  pause(): void;
  /** Continues a paused upload; resolves like start. */
  resume(): Promise<UploadSnapshot>;
  /** Runs a failed upload again from where it failed; resolves like start. */
  retry(): Promise<UploadSnapshot>;
  abort(): void;
  /** Resolves once the stored state reflects every change so far (tests, and a page about to unload). */
  flushed(): Promise<void>;
}

const stepKey = (step: UploadStep) => ('chunk' in step ? `${step.kind}:${step.chunk}` : step.kind);

interface InFlight {
  step: UploadStep;
  controller: AbortController;
  /** File bytes of this request sent so far (its latest attempt). */
  sent: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Stopped());
    };
    signal.addEventListener('abort', stop, { once: true });
  });

class UploadRunner implements Upload {
  readonly uid: string;
  readonly item: UploadItem;
  readonly $state;
  private readonly options: UploadOptions;
  private readonly transport: UploadTransport;
  private readonly hasher: Md5Hasher;
  private readonly store: UploadStateStore | null;
  private readonly now: () => number;
  private readonly meter: RateMeter;
  private readonly plan: ChunkPlan | undefined;
  private flow: UploadFlowState | undefined;
  private hashTask: HashTask | undefined;
  private readonly inFlight = new Map<string, InFlight>();
  /** Bumped by every pause, failure and abort: answers of an older generation are ignored. */
  private generation = 0;
  private release: (() => void) | undefined;
  private waitingForSlot: AbortController | undefined;
  private settled: Promise<UploadSnapshot> | undefined;
  private settle: ((snapshot: UploadSnapshot) => void) | undefined;
  private rehash = false;
  private setUpDone: Promise<void> | undefined;
  private persisting: Promise<void> = Promise.resolve();

  constructor(item: UploadItem, options: UploadOptions) {
    this.item = item;
    this.uid = item.uid;
    this.options = options;
    this.transport = options.transport ?? defaultTransport();
    this.hasher = options.hasher ?? defaultHasher();
    this.store = options.store === undefined ? defaultStateStore() : options.store;
    this.now = options.now ?? Date.now;
    this.meter = createRateMeter(this.now);
    const invalid = validateUpload(item, options);
    this.plan = invalid ? undefined : planChunks(item.size, { chunkSize: options.chunkSize });
    this.$state = atom<UploadSnapshot>({
      uid: item.uid,
      fileName: item.fileName,
      size: item.size,
      status: invalid ? 'error' : 'idle',
      phase: 'hash',
      hashedBytes: 0,
      uploadedBytes: 0,
      sentBytes: 0,
      md5: undefined,
      chunks: this.plan?.chunks ?? 0,
      speed: 0,
      remainingSeconds: undefined,
      resumed: false,
      instant: false,
      result: undefined,
      error: invalid ?? undefined,
    });
  }

  private get snapshot(): UploadSnapshot {
    return this.$state.get();
  }

  private update(patch: Partial<UploadSnapshot>): void {
    this.$state.set({ ...this.snapshot, ...patch });
  }

  private waitForEnd(): Promise<UploadSnapshot> {
    this.settled ??= new Promise((resolve) => {
      this.settle = resolve;
    });
    return this.settled;
  }

  private end(patch: Partial<UploadSnapshot>): void {
    this.update({ ...patch, speed: 0, remainingSeconds: undefined });
    this.releaseSlot();
    const settle = this.settle;
    this.settled = undefined;
    this.settle = undefined;
    settle?.(this.snapshot);
  }

  /** The end state now when the upload has ended, else when it ends. */
  private whenEnded(): Promise<UploadSnapshot> {
    const { status } = this.snapshot;
    if (status === 'success' || status === 'aborted' || status === 'error') return Promise.resolve(this.snapshot);
    return this.waitForEnd();
  }

  start(): Promise<UploadSnapshot> {
    if (this.snapshot.status !== 'idle') return this.whenEnded();
    const ended = this.waitForEnd();
    void this.run();
    return ended;
  }

  resume(): Promise<UploadSnapshot> {
    const { status } = this.snapshot;
    if (status === 'idle') return this.start();
    if (status !== 'paused') return this.whenEnded();
    const ended = this.waitForEnd();
    void this.run();
    return ended;
  }

  retry(): Promise<UploadSnapshot> {
    if (this.snapshot.status !== 'error' || !this.plan || !this.flow) return this.resume();
    if (this.rehash) {
      this.rehash = false;
      this.hashTask?.close();
      this.hashTask = undefined;
      this.flow = initialUploadFlow(this.plan);
      this.update({ md5: undefined, hashedBytes: 0, resumed: false });
    } else if (this.flow.phase === 'failed') {
      // 'abnormal chunk count': ask the server about every chunk again.
      this.flow = advanceUploadFlow(initialUploadFlow(this.plan, this.flow.md5), { kind: 'secondChecked', file: null });
    }
    const ended = this.waitForEnd();
    this.update({ error: undefined });
    void this.run();
    return ended;
  }

  pause(): void {
    const { status } = this.snapshot;
    if (status !== 'queued' && status !== 'hashing' && status !== 'uploading') return;
    this.stopAll();
    this.releaseSlot();
    this.update({ status: 'paused', speed: 0, remainingSeconds: undefined });
  }

  abort(): void {
    const { status } = this.snapshot;
    if (status === 'success' || status === 'aborted') return;
    this.stopAll();
    this.hashTask?.close();
    this.hashTask = undefined;
    // Cancelled is not unfinished: nothing offers to continue it after a reload (issue 35).
    this.forget();
    this.end({ status: 'aborted' });
  }

  /** Stops every request and timer of this upload; the flow takes the steps back. */
  private stopAll(): void {
    this.generation++;
    this.waitingForSlot?.abort();
    this.waitingForSlot = undefined;
    for (const flight of this.inFlight.values()) {
      flight.controller.abort();
      if (this.flow) this.flow = advanceUploadFlow(this.flow, { kind: 'interrupted', step: flight.step });
    }
    this.inFlight.clear();
    this.refreshProgress();
  }

  /** Requests this upload sends at once: its share of the queue's limit (one for a file of one chunk). */
  private get requestsAtOnce(): number {
    return Math.min(this.options.parallel ?? DEFAULT_PARALLEL, this.plan?.chunks ?? 1);
  }

  private releaseSlot(): void {
    this.release?.();
    this.release = undefined;
  }

  /** Takes a slot of the queue (if any), sets the flow up the first time, then lets it go. */
  private async run(): Promise<void> {
    const generation = ++this.generation;
    this.update({ status: 'queued' });
    if (this.options.limiter) {
      const waiting = new AbortController();
      this.waitingForSlot = waiting;
      try {
        this.release = await this.options.limiter.acquire(waiting.signal, this.requestsAtOnce);
      } catch {
        return;
      }
      this.waitingForSlot = undefined;
    }
    this.setUpDone ??= this.setUp();
    await this.setUpDone;
    if (generation !== this.generation) return this.releaseSlot();
    this.restartMeter();
    this.pump();
  }

  /** The flow's start: with a stored MD5 for this file, hashing is skipped. */
  private async setUp(): Promise<void> {
    const plan = this.plan as ChunkPlan;
    let md5: string | undefined;
    try {
      const stored = await this.store?.get(fileFingerprint(this.item));
      if (stored && stored.size === this.item.size && /^[a-f0-9]{32}$/.test(stored.md5)) md5 = stored.md5;
    } catch {
      // A store that cannot be read (private mode, quota) only costs the hashing.
    }
    this.flow = initialUploadFlow(plan, md5);
    this.update({ md5, resumed: md5 !== undefined, hashedBytes: md5 ? this.item.size : 0 });
  }

  /** Starts whatever the flow allows now; ends the upload when the flow is over. */
  private pump(): void {
    const flow = this.flow as UploadFlowState;
    if (flow.phase === 'done') {
      this.forget();
      this.end({
        status: 'success',
        phase: 'done',
        uploadedBytes: this.item.size,
        result: flow.result,
        instant: flow.instant,
      });
      return;
    }
    if (flow.phase === 'failed') {
      this.fail(ruleError('chunkmerge', uploadText('upload.error.chunkCount')));
      return;
    }
    const { state, steps } = takeUploadSteps(flow, this.options.parallel ?? DEFAULT_PARALLEL);
    this.flow = state;
    this.update({ status: state.phase === 'hash' ? 'hashing' : 'uploading', phase: state.phase });
    for (const step of steps) void this.execute(step, this.generation);
  }

  /** One step, with its retries; its event moves the flow on. */
  private async execute(step: UploadStep, generation: number): Promise<void> {
    const flight: InFlight = { step, controller: new AbortController(), sent: 0 };
    this.inFlight.set(stepKey(step), flight);
    for (let retries = 0; ; retries++) {
      try {
        const event = await this.perform(flight);
        if (generation !== this.generation) return;
        this.inFlight.delete(stepKey(step));
        this.flow = advanceUploadFlow(this.flow as UploadFlowState, event);
        this.afterEvent(event);
        return this.pump();
      } catch (error) {
        if (generation !== this.generation || error instanceof Stopped) return;
        const failure = error instanceof UploadError ? error : ruleError('read', uploadText('upload.error.read'));
        const delay = retryDelay(failure, retries, this.options);
        if (delay === null) return this.fail(failure, step);
        try {
          await sleep(delay, flight.controller.signal);
        } catch {
          return;
        }
        this.countSent(flight, 0);
      }
    }
  }

  private fail(error: UploadError, step?: UploadStep): void {
    if (step?.kind === 'merge' && error.code === 'md5_mismatch') {
      // The chunks do not make the file we hashed (it changed, or a chunk was damaged): hash again on retry.
      this.rehash = true;
      this.forget();
    }
    this.stopAll();
    this.end({ status: 'error', error });
  }

  private perform(flight: InFlight): Promise<UploadFlowEvent> {
    const { step, controller } = flight;
    if (step.kind === 'hash') return this.hash(controller.signal);
    const request: StepRequest = {
      transport: this.transport,
      item: this.item,
      plan: this.plan as ChunkPlan,
      identity: { md5: this.flow?.md5 ?? '', name: this.item.fileName, uid: this.uid, serverid: this.options.serverid },
      signal: controller.signal,
      onSent: (bytes) => this.countSent(flight, bytes),
    };
    return sendStep(step, request);
  }

  private async hash(signal: AbortSignal): Promise<UploadFlowEvent> {
    this.hashTask ??= this.hasher.open(this.item.file, MD5_SLICE_SIZE);
    const md5 = await this.hashTask.run(signal, (hashedBytes) => {
      this.meter.record(hashedBytes);
      // No time left while hashing: the whole upload is still ahead, at a speed not yet known; the hash's own few
      // seconds were shown as the time left, which then jumped when sending began (issue 69).
      this.update({ hashedBytes, speed: this.meter.speed(), remainingSeconds: undefined });
    });
    if (md5 === null || signal.aborted) throw new Stopped();
    this.hashTask.close();
    this.hashTask = undefined;
    this.update({ md5, hashedBytes: this.item.size });
    this.restartMeter();
    return { kind: 'hashed', md5 };
  }

  /** Speed is measured per activity (hashing, then sending), from the bytes done when it (re)starts. */
  private restartMeter(): void {
    this.meter.reset();
    const { md5, hashedBytes, sentBytes } = this.snapshot;
    this.meter.record(md5 === undefined ? hashedBytes : sentBytes);
  }

  /** Records the bytes one request has sent (its current attempt) and what that does to the totals. */
  private countSent(flight: InFlight, sent: number): void {
    const added = Math.max(0, sent - flight.sent);
    flight.sent = sent;
    const sentBytes = this.snapshot.sentBytes + added;
    this.meter.record(sentBytes);
    this.update({ sentBytes });
    this.refreshProgress();
  }

  private refreshProgress(): void {
    if (!this.flow || this.flow.phase === 'hash') return;
    let inFlightBytes = 0;
    for (const flight of this.inFlight.values()) inFlightBytes += flight.sent;
    const doneBytes = this.flow.phase === 'done' ? this.item.size : chunkBytesDone(this.flow);
    const uploadedBytes = Math.min(this.item.size, doneBytes + inFlightBytes);
    this.update({
      uploadedBytes,
      speed: this.meter.speed(),
      remainingSeconds: this.meter.remaining(this.item.size - uploadedBytes),
    });
  }

  private afterEvent(event: UploadFlowEvent): void {
    if (event.kind === 'hashed') this.remember(event.md5, 0);
    if (event.kind === 'chunkUploaded' || event.kind === 'chunkChecked') this.refreshProgress();
    if (event.kind === 'chunkUploaded' && this.flow) this.remember(this.flow.md5 ?? '', chunkBytesDone(this.flow));
  }

  /** Stored states are a cache: a failing store never fails an upload. Writes go one after another. */
  private remember(md5: string, uploadedBytes: number): void {
    const state = {
      fingerprint: fileFingerprint(this.item),
      md5,
      size: this.item.size,
      updatedAt: this.now(),
      fileName: this.item.webkitRelativePath || this.item.fileName,
      uploadedBytes,
    };
    this.persisting = this.persisting.then(() => this.store?.put(state)).catch(() => {});
  }

  private forget(): void {
    const fingerprint = fileFingerprint(this.item);
    this.persisting = this.persisting.then(() => this.store?.delete(fingerprint)).catch(() => {});
  }

  flushed(): Promise<void> {
    return this.persisting;
  }
}

/** One file's upload (§4 flow, with the additions of issue 11). Nothing is sent before `start()`. */
export function createUpload(item: UploadItem, options: UploadOptions = {}): Upload {
  return new UploadRunner(item, options);
}
