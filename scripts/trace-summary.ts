// The main thread's long tasks in a Chromium trace, each with what ran in it (issue 70: "a trace, not a guess"). Read
// by scripts/profile-page.ts; pure, so test/build/trace-summary.test.ts can hold it to a trace made by hand.

/** The few fields of a trace event read here. */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** A frame of the JS sampling profile, as V8 writes it (line and column from 0). */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

export interface LongTask {
  /** From the renderer's first event, in ms. */
  startMs: number;
  durationMs: number;
  /** Begins after the first contentful paint: Lighthouse counts its time over 50 ms as blocking. */
  afterFirstPaint: boolean;
  /** The task's trace events that took longest (compile, evaluate, layout, paint…), summed by name and script. */
  events: [string, number][];
  /** Where the samples taken in the task were (the innermost frame). */
  self: [string, number][];
  /** The functions of `ours` on the stack of those samples, each counted once a sample. */
  inclusive: [string, number][];
}

export interface TraceSummary {
  firstContentfulPaintMs: number | null;
  tasks: LongTask[];
}

export interface SummaryOptions {
  minMs: number;
  /** A readable name of a frame (its source-mapped function and file). */
  nameOf?: (frame: CallFrame) => string;
  /** Whether a named frame is worth listing among the inclusive ones (the project's code, React's work loop). */
  ours?: (name: string) => boolean;
  /** How many entries each list keeps. */
  top?: number;
}

const NAMED_EVENTS =
  /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compileModule|v8\.compile|Layout|UpdateLayoutTree|ParseHTML|Paint|PrePaint|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|ParseAuthorStyleSheet|DocumentLoader::CommitNavigation)$/;

const fileOf = (url: string) => url.split('/').pop() ?? url;
const defaultName = (frame: CallFrame) =>
  frame.url
    ? `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`
    : frame.functionName;

/** The renderer main thread that ran the page: the `CrRendererMain` with the most tasks. */
function pageThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const tasks = new Map<string, number>();
  for (const event of events)
    if (event.name === 'RunTask')
      tasks.set(`${event.pid}:${event.tid}`, (tasks.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const busiest = mains.sort(
    (a, b) => (tasks.get(`${b.pid}:${b.tid}`) ?? 0) - (tasks.get(`${a.pid}:${a.tid}`) ?? 0),
  )[0];
  return busiest ? { pid: busiest.pid, tid: busiest.tid } : null;
}

/** The process's samples, each its time (µs, the trace's clock) and the id of its innermost node. */
function samplesOf(events: readonly TraceEvent[], pid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  let clock = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    const data = event.args?.data ?? {};
    if (event.name === 'Profile') clock = Number(data.startTime ?? event.ts);
    if (event.name !== 'ProfileChunk') continue;
    const profile = (data.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
    const deltas = (data.timeDeltas ?? []) as number[];
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    (profile.samples ?? []).forEach((id, index) => {
      clock += deltas[index] ?? 0;
      samples.push([clock, id]);
    });
  }
  return { nodes, samples };
}

function ranked(counts: Map<string, number>, top: number, scale = 1): [string, number][] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, value]) => [name, Math.round(value * scale * 10) / 10]);
}

function add(counts: Map<string, number>, name: string, value: number) {
  counts.set(name, (counts.get(name) ?? 0) + value);
}

/** The page's main-thread tasks of at least `minMs`, in order, with their events and sampled functions. */
export function summarizeTrace(events: readonly TraceEvent[], options: SummaryOptions): TraceSummary {
  const { minMs, nameOf = defaultName, ours = () => true, top = 8 } = options;
  const thread = pageThread(events);
  if (!thread) return { firstContentfulPaintMs: null, tasks: [] };
  const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  const origin = Math.min(...own.filter((event) => event.ts > 0).map((event) => event.ts));
  const paint = events.find((event) => event.pid === thread.pid && event.name === 'firstContentfulPaint');
  const { nodes, samples } = samplesOf(events, thread.pid);
  const names = new Map<number, string>();
  const nameOfNode = (node: ProfileNode) => {
    const known = names.get(node.id);
    if (known !== undefined) return known;
    const name = nameOf(node.callFrame);
    names.set(node.id, name);
    return name;
  };
  const long = own.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 >= minMs);
  const tasks = long.map((task): LongTask => {
    const end = task.ts + (task.dur ?? 0);
    const named = new Map<string, number>();
    for (const event of own) {
      if (event === task || event.ph !== 'X' || event.ts < task.ts || event.ts >= end || !NAMED_EVENTS.test(event.name))
        continue;
      const url = event.args?.data?.url;
      add(named, typeof url === 'string' && url ? `${event.name} ${fileOf(url)}` : event.name, (event.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let sampled = 0;
    for (const [at, id] of samples) {
      if (at < task.ts || at >= end) continue;
      sampled += 1;
      const leaf = nodes.get(id);
      if (leaf) add(self, nameOfNode(leaf), 1);
      const seen = new Set<string>();
      for (let node = leaf; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const name = nameOfNode(node);
        if (seen.has(name) || !ours(name)) continue;
        seen.add(name);
        add(inclusive, name, 1);
      }
    }
    // Samples become milliseconds of the task in proportion, whatever the sampling interval was.
    const perSample = sampled ? (task.dur ?? 0) / 1000 / sampled : 0;
    return {
      startMs: Math.round((task.ts - origin) / 1000),
      durationMs: Math.round((task.dur ?? 0) / 1000),
      afterFirstPaint: paint ? task.ts >= paint.ts : false,
      events: ranked(named, top),
      self: ranked(self, top, perSample),
      inclusive: ranked(inclusive, top, perSample),
    };
  });
  return { firstContentfulPaintMs: paint ? Math.round((paint.ts - origin) / 1000) : null, tasks };
}
