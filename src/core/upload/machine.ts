import type { StoredFile } from '../api/types';
import { type ChunkPlan, chunkBytes } from './plan';

// The §4 flow as a pure state machine: it decides which requests to send next; the runner (runner.ts) sends them
// and reports back with events. Nothing here waits, reads a file or touches the network.
//
//   hash -> secondCheck -> exists: done (instant, no chunk sent)
//                       -> size <= chunk size: single -> done
//                       -> chunks: per chunk check (1-based), upload when missing -> merge -> done
// Chunks run up to `parallel` at a time; a merge that reports missing chunks sends them again once, then the
// upload fails with 'abnormal chunk count'.

export type ChunkState = 'pending' | 'checking' | 'missing' | 'uploading' | 'done';
export type UploadPhase = 'hash' | 'secondCheck' | 'single' | 'chunks' | 'merge' | 'done' | 'failed';

export interface UploadFlowState {
  phase: UploadPhase;
  plan: ChunkPlan;
  md5: string | undefined;
  /** Chunk n is at index n - 1; empty unless the file goes up in chunks. */
  chunks: readonly ChunkState[];
  /** A whole-file step (hash, second check, single upload, merge) is in flight. */
  busy: boolean;
  /** A merge already reported missing chunks once, and they were sent again. */
  resent: boolean;
  result: StoredFile | undefined;
  /** Done by the second-upload check alone: the server had the file. */
  instant: boolean;
  /** Why the flow failed, when phase is 'failed'. */
  failure: 'chunkCount' | undefined;
}

export type UploadStep =
  | { kind: 'hash' }
  | { kind: 'secondCheck' }
  | { kind: 'single' }
  | { kind: 'checkChunk'; chunk: number }
  | { kind: 'uploadChunk'; chunk: number }
  | { kind: 'merge' };

export type UploadFlowEvent =
  | { kind: 'hashed'; md5: string }
  | { kind: 'secondChecked'; file: StoredFile | null }
  | { kind: 'singleUploaded'; file: StoredFile }
  | { kind: 'chunkChecked'; chunk: number; exists: boolean }
  | { kind: 'chunkUploaded'; chunk: number }
  | { kind: 'merged'; file: StoredFile }
  | { kind: 'mergeMissing'; missing: readonly number[] }
  /** A started step was stopped (pause, abort) or will be tried again later: it goes back to where it was. */
  | { kind: 'interrupted'; step: UploadStep };

/** The start of an upload; with an MD5 already known (a stored state), hashing is skipped. */
export function initialUploadFlow(plan: ChunkPlan, md5?: string): UploadFlowState {
  return {
    phase: md5 ? 'secondCheck' : 'hash',
    plan,
    md5,
    chunks: [],
    busy: false,
    resent: false,
    result: undefined,
    instant: false,
    failure: undefined,
  };
}

const WHOLE_FILE_STEP: Partial<Record<UploadPhase, UploadStep>> = {
  hash: { kind: 'hash' },
  secondCheck: { kind: 'secondCheck' },
  single: { kind: 'single' },
  merge: { kind: 'merge' },
};

/**
 * The steps to start now, and the state with them marked as started. Up to `parallel` chunk uploads run at once;
 * checks run beside them, just ahead: at most `parallel` of them, and only while fewer than `parallel` chunks are
 * checked and waiting, so a free upload slot never waits for a check's round trip.
 */
export function takeUploadSteps(
  state: UploadFlowState,
  parallel: number,
): { state: UploadFlowState; steps: UploadStep[] } {
  const whole = WHOLE_FILE_STEP[state.phase];
  if (whole) return state.busy ? { state, steps: [] } : { state: { ...state, busy: true }, steps: [whole] };
  if (state.phase !== 'chunks') return { state, steps: [] };
  const limit = Math.max(1, parallel);
  const chunks = [...state.chunks];
  const count = (value: ChunkState) => chunks.filter((chunk) => chunk === value).length;
  let uploading = count('uploading');
  let checking = count('checking');
  let waiting = count('missing');
  const steps: UploadStep[] = [];
  for (let index = 0; index < chunks.length && uploading < limit; index++) {
    if (chunks[index] !== 'missing') continue;
    chunks[index] = 'uploading';
    steps.push({ kind: 'uploadChunk', chunk: index + 1 });
    uploading++;
    waiting--;
  }
  for (let index = 0; index < chunks.length && checking < limit && checking + waiting < limit; index++) {
    if (chunks[index] !== 'pending') continue;
    chunks[index] = 'checking';
    steps.push({ kind: 'checkChunk', chunk: index + 1 });
    checking++;
  }
  return { state: { ...state, chunks }, steps };
}

function setChunk(state: UploadFlowState, chunk: number, value: ChunkState): UploadFlowState {
  const chunks = [...state.chunks];
  chunks[chunk - 1] = value;
  const allDone = chunks.every((entry) => entry === 'done');
  return { ...state, chunks, phase: allDone ? 'merge' : state.phase, busy: false };
}

export function advanceUploadFlow(state: UploadFlowState, event: UploadFlowEvent): UploadFlowState {
  switch (event.kind) {
    case 'hashed':
      return { ...state, md5: event.md5, phase: 'secondCheck', busy: false };
    case 'secondChecked':
      if (event.file) return { ...state, phase: 'done', busy: false, result: event.file, instant: true };
      if (state.plan.single) return { ...state, phase: 'single', busy: false };
      return { ...state, phase: 'chunks', busy: false, chunks: Array(state.plan.chunks).fill('pending') };
    case 'singleUploaded':
    case 'merged':
      return { ...state, phase: 'done', busy: false, result: event.file };
    case 'chunkChecked':
      return setChunk(state, event.chunk, event.exists ? 'done' : 'missing');
    case 'chunkUploaded':
      return setChunk(state, event.chunk, 'done');
    case 'mergeMissing': {
      const valid = event.missing.filter(
        (chunk) => Number.isInteger(chunk) && chunk >= 1 && chunk <= state.chunks.length,
      );
      if (state.resent || valid.length === 0) return { ...state, phase: 'failed', busy: false, failure: 'chunkCount' };
      const chunks = [...state.chunks];
      for (const chunk of valid) chunks[chunk - 1] = 'pending';
      return { ...state, chunks, phase: 'chunks', busy: false, resent: true };
    }
    case 'interrupted': {
      const { step } = event;
      if (step.kind === 'checkChunk') return setChunk(state, step.chunk, 'pending');
      if (step.kind === 'uploadChunk') return setChunk(state, step.chunk, 'missing');
      return { ...state, busy: false };
    }
  }
}

/** Bytes of the chunks known to be on the server. */
export function chunkBytesDone(state: UploadFlowState): number {
  let bytes = 0;
  state.chunks.forEach((chunk, index) => {
    if (chunk === 'done') bytes += chunkBytes(state.plan, index + 1);
  });
  return bytes;
}
