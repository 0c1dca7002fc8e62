import type { FaceControllerDeps, FaceControllerOptions } from './controller-deps';
import { imagePayload } from './geometry';
import type { LivenessAnswer } from './liveness';
import type { FaceEvent } from './machine';
import type { FaceRun } from './run';

// The face controller's calls to the server: the liveness challenge, and the photo with its answer.

export interface Answering {
  /** Asks for the challenge; `stillTurn` is the head's turn in the photo, read meanwhile. */
  challenge(generation: number, stillTurn: Promise<number | null>): Promise<void>;
  /** Sends the photo, with the challenge's answer when there was one. */
  submit(image: string, liveness: LivenessAnswer | undefined): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createAnswering(
  { mode, userId }: FaceControllerOptions,
  calls: FaceControllerDeps['calls'],
  run: FaceRun,
  dispatch: (event: FaceEvent) => void,
): Answering {
  return {
    async challenge(generation, stillTurn) {
      try {
        const [issued, turn] = await Promise.all([calls.challenge(mode), stillTurn]);
        if (!run.current(generation)) return;
        dispatch(issued ? { type: 'challenged', challenge: issued, stillTurn: turn } : { type: 'challengeMissing' });
      } catch (error) {
        if (run.current(generation)) dispatch({ type: 'challengeFailed', message: messageOf(error) });
      }
    },
    async submit(image, liveness) {
      // Not tied to the generation: an answer that arrives while the tab is hidden still counts.
      const answer = liveness && { ...liveness, frames: liveness.frames.map(imagePayload) };
      try {
        const data = await calls.submit(mode, imagePayload(image), userId, answer);
        dispatch({ type: 'submitted', data });
      } catch (error) {
        dispatch({ type: 'submitFailed', message: messageOf(error) });
      }
    },
  };
}
