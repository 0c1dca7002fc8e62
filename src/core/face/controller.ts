import { atom } from 'nanostores';
import { movementProgressed } from './acting';
import { type ActingDeadline, createActingDeadline } from './acting-deadline';
import { type Answering, createAnswering } from './answering';
import { type CameraSession, createCameraSession } from './camera-session';
import type { FaceController, FaceControllerDeps, FaceControllerOptions } from './controller-deps';
import { type CountdownClock, createCountdownClock } from './countdown-clock';
import { type FaceContext, type FaceEvent, initialFaceState, transition } from './machine';
import { countdownLeft, holdRunning, queueDisplayMs } from './queue';
import { createFaceRun, type FaceRun } from './run';
import type { FaceState } from './state';
import { createWatching, type Watching } from './watching';

// Carries out the decisions of machine.ts: opens the camera, counts down, runs the detector, keeps the time limit,
// captures and calls the server. Camera, detector, capture and calls are injected (controller-deps.ts), so that core
// holds no camera and no model, and tests drive it with a scripted detector and fake timers. The work itself lives
// beside it: getting ready (camera-session.ts), the detector's loops (watching.ts), the calls (answering.ts).

interface Workers {
  options: FaceControllerOptions;
  deps: FaceControllerDeps;
  run: FaceRun;
  session: CameraSession;
  watching: Watching;
  answering: Answering;
  actingDeadline: ActingDeadline;
  countdown: CountdownClock;
  dispatch(event: FaceEvent): void;
}

/** Takes the photo; after the turns, with its turn read, from which the server measures them. */
async function capture(state: Extract<FaceState, { status: 'capturing' }>, w: Workers, generation: number) {
  const image = w.deps.capture();
  if (!state.turns) {
    w.dispatch({ type: 'captured', image });
    return;
  }
  const stillTurn = await w.watching.turnOf(image);
  if (w.run.current(generation)) w.dispatch({ type: 'captured', image, stillTurn });
}

/**
 * Does what entering `state` (from `previous`) asks for. `held`: the move kept the hold running (queue.ts
 * `holdRunning`), so the detection already looking goes on.
 */
function react(state: FaceState, previous: FaceState, w: Workers, held: boolean): void {
  const generation = w.run.generation;
  const entered = state.status !== previous.status;
  switch (state.status) {
    case 'initializing':
      void w.session.prepare(generation);
      break;
    case 'countdown':
      // Back from the turns begun during it (a back end without the challenge call), the countdown runs on.
      if (!entered || held) break;
      w.countdown.start();
      // Login and clock-in count hits through the countdown (issue 54: the gate's seconds); no time limit yet.
      if (w.options.mode !== 'collect') void w.watching.look(generation, false);
      break;
    case 'ready':
      if (entered) void w.watching.look(generation, false);
      break;
    case 'detecting':
      // §4's time limit runs from detecting on; the loop already looking (the countdown's) goes on.
      if (entered && !held) void w.watching.look(generation, true);
      else if (entered) void w.watching.limit(generation);
      break;
    case 'capturing':
      if (entered) void capture(state, w, generation);
      break;
    case 'challenging':
      if (!entered) break;
      // The photo's turn, read meanwhile; without a photo yet the turns start from the first frame's.
      void w.answering.challenge(generation, state.image ? w.watching.turnOf(state.image) : Promise.resolve(null));
      // Asked for from a terminal's result (not from detection, whose loop goes on), the hold needs a loop of its own:
      // a back end without the challenge call sends it back to detecting, which goes on with it.
      if (state.image === null && !held) void w.watching.look(generation, false);
      break;
    case 'acting':
      // Each sample is a new acting state of the same status: the loop runs until the answer goes or time is up.
      if (movementProgressed(previous.status === 'acting' ? previous : null, state)) w.actingDeadline.extend(entered);
      if (entered) void w.watching.sample(generation);
      break;
    case 'submitting':
      void w.answering.submit(state.image, state.liveness);
      break;
    case 'success':
    case 'failed':
    case 'timeout': {
      // A clock-in terminal: the result shows for a while, the next person is detected meanwhile (queue.ts).
      const ms = entered ? queueDisplayMs(state, w.options.mode, w.session.cameraOpen) : null;
      if (ms === null) break;
      w.run.later(ms, () => w.dispatch({ type: 'shown' }));
      void w.watching.look(generation, false);
      break;
    }
    default:
      break;
  }
}

export function createFaceController(options: FaceControllerOptions, deps: FaceControllerDeps): FaceController {
  const $state = atom<FaceState>(initialFaceState(options.mode, options.userId));
  const run = createFaceRun();
  let destroyed = false;

  let challengeMissing = false;

  function dispatch(event: FaceEvent): void {
    if (destroyed) return;
    if (event.type === 'challengeMissing') challengeMissing = true;
    const previous = $state.get();
    const next = transition(previous, event, context());
    if (next === previous) return;
    const held = holdRunning(previous) && holdRunning(next);
    if (next.status !== previous.status && !held) run.advance();
    $state.set(next);
    react(next, previous, workers, held);
    // Counted once the frame's own progress (if any) has started the wait again.
    if (event.type === 'sampled' && next.status === 'acting') actingDeadline.sampled();
  }

  const session = createCameraSession(options, deps, {
    run,
    dispatch,
    state: () => $state.get(),
    destroyed: () => destroyed,
  });
  const context = (): FaceContext => ({
    mode: options.mode,
    cameraOpen: session.cameraOpen,
    cameraAllowed: options.cameraAllowed,
    countdownSeconds: options.countdownSeconds,
    liveness: options.liveness,
    challengeMissing,
  });
  const watching = createWatching(options, deps, session, run, dispatch);
  const answering = createAnswering(options, deps.calls, run, dispatch);
  const actingDeadline = createActingDeadline(run, () => dispatch({ type: 'actingTimedOut' }));
  const countdown = createCountdownClock(
    () => dispatch({ type: 'tick' }),
    () => countdownLeft($state.get()) !== null,
  );
  const workers: Workers = { options, deps, run, session, watching, answering, actingDeadline, countdown, dispatch };

  return {
    $state,
    start() {
      if ($state.get().status === 'initializing') void session.prepare(run.generation);
    },
    photograph() {
      if ($state.get().status === 'ready') dispatch({ type: 'captured', image: deps.capture() });
    },
    again: () => dispatch({ type: 'again' }),
    save: () => dispatch({ type: 'save' }),
    upload: (image) => dispatch({ type: 'uploaded', image }),
    retry: () => dispatch({ type: 'retry' }),
    pause() {
      dispatch({ type: 'pause' });
      countdown.stop();
      session.closeCamera();
    },
    resume: () => dispatch({ type: 'resume' }),
    destroy() {
      countdown.stop();
      session.closeCamera();
      run.advance();
      destroyed = true;
    },
  };
}
