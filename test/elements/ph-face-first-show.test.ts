import { expect, fixture, html } from '@open-wc/testing';
import { loadElements } from './bundles';
import { freshPage, shadow } from './login-helpers';
import { waitUntil } from './wait';

// The face widget's chunk loads when a <ph-face> is first shown, and the widget shows as soon as it has come (face
// login starts its countdown then). React.lazy held it back: React reveals what a Suspense boundary waited for at
// most once per 300 ms, on a timer, and the camera opened 290 ms after its 20 ms chunk (issue 54: face login).
// This file's page shows no other <ph-face> first, so the chunk is not loaded yet.

type FaceElement = HTMLElementTagNameMap['ph-face'];

/**
 * A gate on timers of `from` to `to` ms (React's 300 ms among them): while held, they wait until `release`. Shorter
 * ones (polling) and longer ones (the wait's own limit) run as usual. Installed before the bundles load, as React
 * keeps the setTimeout it finds then.
 */
function timerGate(from: number, to: number): { hold(): void; release(): void } {
  const original = window.setTimeout;
  const held: (() => void)[] = [];
  let holding = false;
  let next = -1;
  window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (!holding || (ms ?? 0) < from || (ms ?? 0) > to) return original(handler, ms, ...args);
    held.push(() => original(handler, ms, ...args));
    return next--;
  }) as typeof window.setTimeout;
  return {
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const schedule of held.splice(0)) schedule();
    },
  };
}

const timers = timerGate(100, 1000);
await loadElements('ph-face');

describe('ph-face, first shown', () => {
  it('shows its first state without waiting for a timer once its chunk has come', async () => {
    await freshPage('/demo/face/');
    timers.hold();
    try {
      const face = await fixture<FaceElement>(html`<ph-face mode="login"></ph-face>`);
      await waitUntil(
        () => shadow(face).querySelector('section')?.getAttribute('data-status'),
        'the widget did not show before a timer of 100 to 1000 ms fired',
      );
      expect(shadow(face).querySelector('section')?.getAttribute('data-status')).to.be.a('string');
    } finally {
      timers.release();
    }
  });
});
