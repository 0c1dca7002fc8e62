import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../src/core/api/types';
import {
  advanceUploadFlow,
  initialUploadFlow,
  planChunks,
  takeUploadSteps,
  type UploadFlowState,
  type UploadStep,
} from '../../../src/core/upload';

const MB = 1024 * 1024;
const stored: StoredFile = { fileId: 'a'.repeat(32), md5: 'a'.repeat(32), name: 'f.mp4', size: 1, url: '/x' };

function take(state: UploadFlowState, parallel = 3) {
  return takeUploadSteps(state, parallel);
}

describe('the §4 flow (machine.ts)', () => {
  it('hashes first, then asks whether the server has the file: yes → done, nothing sent', () => {
    let flow = initialUploadFlow(planChunks(7 * MB));
    let next = take(flow);
    expect(next.steps).toEqual([{ kind: 'hash' }]);
    expect(take(next.state).steps).toEqual([]); // one whole-file step at a time
    flow = advanceUploadFlow(next.state, { kind: 'hashed', md5: 'a'.repeat(32) });
    next = take(flow);
    expect(next.steps).toEqual([{ kind: 'secondCheck' }]);
    flow = advanceUploadFlow(next.state, { kind: 'secondChecked', file: stored });
    expect(flow).toMatchObject({ phase: 'done', instant: true, result: stored });
    expect(take(flow).steps).toEqual([]);
  });

  it('starts at the second-upload check when the MD5 is already known (a stored state)', () => {
    expect(take(initialUploadFlow(planChunks(10), 'b'.repeat(32))).steps).toEqual([{ kind: 'secondCheck' }]);
  });

  it('sends a file of at most one chunk in one piece', () => {
    let flow = initialUploadFlow(planChunks(2 * MB), 'c'.repeat(32));
    flow = advanceUploadFlow(take(flow).state, { kind: 'secondChecked', file: null });
    const next = take(flow);
    expect(next.steps).toEqual([{ kind: 'single' }]);
    flow = advanceUploadFlow(next.state, { kind: 'singleUploaded', file: stored });
    expect(flow).toMatchObject({ phase: 'done', instant: false });
  });

  it('checks each chunk (1-based), uploads only the missing ones, at most `parallel` at a time, then merges', () => {
    let flow = advanceUploadFlow(take(initialUploadFlow(planChunks(9 * MB), 'd'.repeat(32))).state, {
      kind: 'secondChecked',
      file: null,
    });
    expect(flow.chunks).toHaveLength(5);
    let next = take(flow, 2);
    expect(next.steps).toEqual([
      { kind: 'checkChunk', chunk: 1 },
      { kind: 'checkChunk', chunk: 2 },
    ]);
    flow = advanceUploadFlow(next.state, { kind: 'chunkChecked', chunk: 1, exists: true });
    flow = advanceUploadFlow(flow, { kind: 'chunkChecked', chunk: 2, exists: false });
    next = take(flow, 2);
    expect(next.steps).toEqual([
      { kind: 'uploadChunk', chunk: 2 },
      { kind: 'checkChunk', chunk: 3 },
      { kind: 'checkChunk', chunk: 4 },
    ]);
    flow = advanceUploadFlow(next.state, { kind: 'chunkChecked', chunk: 3, exists: true });
    flow = advanceUploadFlow(flow, { kind: 'chunkChecked', chunk: 4, exists: false });
    next = take(flow, 2);
    expect(next.steps).toEqual([
      { kind: 'uploadChunk', chunk: 4 },
      { kind: 'checkChunk', chunk: 5 },
    ]);
    flow = advanceUploadFlow(next.state, { kind: 'chunkChecked', chunk: 5, exists: true });
    flow = advanceUploadFlow(take(flow, 2).state, { kind: 'chunkUploaded', chunk: 2 });
    expect(take(flow, 2).steps).toEqual([]);
    flow = advanceUploadFlow(flow, { kind: 'chunkUploaded', chunk: 4 });
    next = take(flow, 2);
    expect(next.steps).toEqual([{ kind: 'merge' }]);
    expect(advanceUploadFlow(next.state, { kind: 'merged', file: stored })).toMatchObject({
      phase: 'done',
      result: stored,
    });
  });

  it('checks just ahead of the uploads: a free upload slot takes a chunk already checked', () => {
    let flow = advanceUploadFlow(take(initialUploadFlow(planChunks(20 * MB), 'd'.repeat(32))).state, {
      kind: 'secondChecked',
      file: null,
    });
    for (let round = 0; round < 2; round++) {
      const next = take(flow, 3);
      flow = next.state;
      for (const step of next.steps) {
        if (step.kind === 'checkChunk') {
          flow = advanceUploadFlow(flow, { kind: 'chunkChecked', chunk: step.chunk, exists: false });
        }
      }
    }
    // Chunks 1–3 are being sent, 4–6 checked and waiting: no more checks until one of those goes.
    expect(flow.chunks.slice(0, 7)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'missing',
      'missing',
      'missing',
      'pending',
    ]);
    expect(take(flow, 3).steps).toEqual([]);
    flow = advanceUploadFlow(flow, { kind: 'chunkUploaded', chunk: 2 });
    expect(take(flow, 3).steps).toEqual([
      { kind: 'uploadChunk', chunk: 4 },
      { kind: 'checkChunk', chunk: 7 },
    ]);
  });

  it('sends chunks a merge reports missing once more, then fails with "abnormal chunk count"', () => {
    let flow = initialUploadFlow(planChunks(5 * MB), 'e'.repeat(32));
    flow = advanceUploadFlow(take(flow).state, { kind: 'secondChecked', file: null });
    for (const chunk of [1, 2, 3])
      flow = advanceUploadFlow(take(flow).state, { kind: 'chunkChecked', chunk, exists: true });
    flow = advanceUploadFlow(take(flow).state, { kind: 'mergeMissing', missing: [2] });
    expect(flow.phase).toBe('chunks');
    expect(take(flow).steps).toEqual([{ kind: 'checkChunk', chunk: 2 }]);
    flow = advanceUploadFlow(take(flow).state, { kind: 'chunkChecked', chunk: 2, exists: false });
    flow = advanceUploadFlow(take(flow).state, { kind: 'chunkUploaded', chunk: 2 });
    expect(flow.phase).toBe('merge');
    flow = advanceUploadFlow(take(flow).state, { kind: 'mergeMissing', missing: [3] });
    expect(flow).toMatchObject({ phase: 'failed', failure: 'chunkCount' });
  });

  it('puts interrupted steps back where they were', () => {
    let flow = advanceUploadFlow(take(initialUploadFlow(planChunks(5 * MB), 'f'.repeat(32))).state, {
      kind: 'secondChecked',
      file: null,
    });
    flow = advanceUploadFlow(take(flow).state, { kind: 'chunkChecked', chunk: 1, exists: false });
    const next = take(flow);
    expect(next.steps).toEqual([{ kind: 'uploadChunk', chunk: 1 }]);
    flow = next.state;
    for (const step of [
      { kind: 'uploadChunk', chunk: 1 },
      { kind: 'checkChunk', chunk: 2 },
      { kind: 'checkChunk', chunk: 3 },
    ] as UploadStep[]) {
      flow = advanceUploadFlow(flow, { kind: 'interrupted', step });
    }
    expect(flow.chunks).toEqual(['missing', 'pending', 'pending']);
    const hashing = take(initialUploadFlow(planChunks(1))).state;
    expect(advanceUploadFlow(hashing, { kind: 'interrupted', step: { kind: 'hash' } }).busy).toBe(false);
  });

  it('never has more than `parallel` uploads, nor `parallel` checks and checked chunks waiting, and ends with every chunk done (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        (chunks, parallel, exists, picks) => {
          let flow = advanceUploadFlow(
            take(initialUploadFlow(planChunks(chunks * MB, { chunkSize: MB }), 'a'.repeat(32))).state,
            { kind: 'secondChecked', file: null },
          );
          const running: UploadStep[] = [];
          const count = (state: string) => flow.chunks.filter((chunk) => chunk === state).length;
          for (let turn = 0; turn < 10 * chunks && flow.phase === 'chunks'; turn++) {
            const next = takeUploadSteps(flow, parallel);
            flow = next.state;
            running.push(...next.steps);
            if (count('uploading') > parallel || count('checking') + count('missing') > parallel) return false;
            // Requests end in any order.
            const [step] = running.splice((picks[turn % picks.length] as number) % running.length, 1);
            if (!step || !('chunk' in step)) return false;
            flow = advanceUploadFlow(
              flow,
              step.kind === 'checkChunk'
                ? { kind: 'chunkChecked', chunk: step.chunk, exists: exists[step.chunk - 1] as boolean }
                : { kind: 'chunkUploaded', chunk: step.chunk },
            );
          }
          return flow.phase === 'merge' && flow.chunks.every((chunk) => chunk === 'done');
        },
      ),
    );
  });
});
