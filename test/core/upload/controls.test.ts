import { describe, expect, it } from 'vitest';
import {
  allEnded,
  isFinished,
  pausedRemainder,
  queueActions,
  UploadError,
  type UploadStatus,
  uploadActions,
} from '../../../src/core/upload';

const state = (status: UploadStatus, errorType?: 'validation' | 'uploadunkerror') => ({
  status,
  error: errorType ? new UploadError({ type: errorType, kind: 'rule', message: 'x' }) : undefined,
});

describe('what a person may do with one upload', () => {
  it.each([
    ['idle', undefined, ['start', 'remove']],
    ['queued', undefined, ['pause', 'abort']],
    ['hashing', undefined, ['pause', 'abort']],
    ['uploading', undefined, ['pause', 'abort']],
    ['paused', undefined, ['resume', 'abort']],
    ['error', 'uploadunkerror', ['retry', 'remove']],
    ['error', 'validation', ['remove']],
    ['success', undefined, ['remove']],
    ['aborted', undefined, ['remove']],
  ] as const)('%s (%s): %j', (status, errorType, actions) => {
    expect(uploadActions(state(status, errorType))).toEqual(actions);
  });

  it('calls finished what can only be taken off the list', () => {
    expect(isFinished(state('success'))).toBe(true);
    expect(isFinished(state('aborted'))).toBe(true);
    expect(isFinished(state('error', 'validation'))).toBe(true);
    expect(isFinished(state('error', 'uploadunkerror'))).toBe(false);
    expect(isFinished(state('paused'))).toBe(false);
  });
});

describe('what a person may do with the whole list', () => {
  it('offers nothing for an empty list', () => {
    expect(queueActions([])).toEqual([]);
  });

  it('offers each action that at least one upload allows, in a fixed order', () => {
    expect(queueActions([state('idle'), state('uploading')])).toEqual(['startAll', 'pauseAll', 'abortAll']);
    expect(queueActions([state('paused'), state('error', 'uploadunkerror')])).toEqual([
      'resumeAll',
      'retryAll',
      'abortAll',
    ]);
    expect(queueActions([state('success'), state('error', 'validation')])).toEqual(['clearFinished']);
  });
});

describe('the end of the whole list', () => {
  it('comes when every upload of a non-empty list ended', () => {
    expect(allEnded([])).toBe(false);
    expect(allEnded([state('success'), state('error'), state('aborted')])).toBe(true);
    expect(allEnded([state('success'), state('paused')])).toBe(false);
    expect(allEnded([state('idle')])).toBe(false);
  });
});

describe('what a paused upload has left (issue 56)', () => {
  it.each([
    [100, 0, { kind: 'bytes', left: 100 }],
    [100, 40, { kind: 'bytes', left: 60 }],
    [100, 100, { kind: 'merge' }],
    [0, 0, { kind: 'merge' }],
  ] as const)('size %d, %d sent: %j', (size, uploadedBytes, left) => {
    expect(pausedRemainder({ size, uploadedBytes })).toEqual(left);
  });
});
