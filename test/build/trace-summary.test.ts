import { describe, expect, it } from 'vitest';
import { type CallFrame, summarizeTrace, type TraceEvent } from '../../scripts/trace-summary';

// `npm run profile` (issue 70) names a page's long tasks from its trace: held here to a trace written by hand.

const PAGE = { pid: 7, tid: 1 };
const frame = (functionName: string, url = 'http://host/dist/shell/shell.js'): CallFrame => ({
  functionName,
  url,
  lineNumber: 0,
  columnNumber: 0,
});
const task = (ts: number, dur: number, where = PAGE): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur, ...where });

/** A page thread with three tasks (30, 80 and 120 ms), the first paint between the first two, and samples. */
function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
    // Another renderer (an iframe's process) with one task: not the page's thread.
    { name: 'thread_name', ph: 'M', ts: 0, pid: 9, tid: 1, args: { name: 'CrRendererMain' } },
    task(1_000_000, 200_000, { pid: 9, tid: 1 }),
    task(1_000_000, 30_000),
    { name: 'firstContentfulPaint', ph: 'R', ts: 1_040_000, ...PAGE },
    task(1_100_000, 80_000),
    { name: 'Layout', ph: 'X', ts: 1_110_000, dur: 20_000, ...PAGE },
    {
      name: 'FunctionCall',
      ph: 'X',
      ts: 1_130_000,
      dur: 50_000,
      ...PAGE,
      args: { data: { url: 'http://h/a/react.js' } },
    },
    task(1_300_000, 120_000),
    { name: 'Paint', ph: 'X', ts: 1_300_000, dur: 120_000, ...PAGE },
    { name: 'Profile', ph: 'P', ts: 1_100_000, ...PAGE, args: { data: { startTime: 1_100_000 } } },
    {
      name: 'ProfileChunk',
      ph: 'P',
      ts: 1_100_000,
      ...PAGE,
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: frame('(root)', '') },
              { id: 2, parent: 1, callFrame: frame('render') },
              { id: 3, parent: 2, callFrame: frame('sheetOf') },
              { id: 4, parent: 2, callFrame: frame('createElement', '') },
            ],
            // Four samples 20 ms apart inside the 80 ms task, then one in the paint task.
            samples: [3, 3, 4, 2, 1],
          },
          timeDeltas: [5_000, 20_000, 20_000, 20_000, 200_000],
        },
      },
    },
  ];
}

describe('the trace summary of npm run profile', () => {
  it('keeps the page thread’s tasks of at least the minimum, each marked before or after the first paint', () => {
    const summary = summarizeTrace(trace(), { minMs: 50 });
    expect(summary.firstContentfulPaintMs).toBe(40);
    expect(summary.tasks.map((entry) => [entry.startMs, entry.durationMs, entry.afterFirstPaint])).toEqual([
      [100, 80, true],
      [300, 120, true],
    ]);
    const all = summarizeTrace(trace(), { minMs: 10 });
    expect(all.tasks.map((entry) => [entry.durationMs, entry.afterFirstPaint])).toEqual([
      [30, false],
      [80, true],
      [120, true],
    ]);
  });

  it('names what ran in a task: its events by name and script, its samples by innermost and by enclosing function', () => {
    const [scripted, painted] = summarizeTrace(trace(), { minMs: 50 }).tasks;
    expect(scripted?.events).toEqual([
      ['FunctionCall react.js', 50],
      ['Layout', 20],
    ]);
    // Four samples in 80 ms: 20 ms each.
    expect(scripted?.self).toEqual([
      ['sheetOf shell.js:1', 40],
      ['createElement', 20],
      ['render shell.js:1', 20],
    ]);
    expect(scripted?.inclusive[0]).toEqual(['render shell.js:1', 80]);
    expect(painted?.events).toEqual([['Paint', 120]]);
    expect(painted?.self).toEqual([['(root)', 120]]);
  });

  it('lists only the enclosing functions a caller cares for, named as it names them', () => {
    const [scripted] = summarizeTrace(trace(), {
      minMs: 50,
      nameOf: (call) => call.functionName.toUpperCase(),
      ours: (name) => name === 'RENDER',
    }).tasks;
    expect(scripted?.inclusive).toEqual([['RENDER', 80]]);
    expect(scripted?.self[0]).toEqual(['SHEETOF', 40]);
  });

  it('gives nothing for a trace without a page thread', () => {
    expect(summarizeTrace([task(0, 100_000)], { minMs: 50 })).toEqual({ firstContentfulPaintMs: null, tasks: [] });
  });
});
