import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';

// Chromium's fake microphone playing a spoken wav (test/media/speech.ts), and the waits that keep a recording test
// right on a loaded machine: shared by the voice tests and the §7-as-written lane.

/**
 * Silence around the phrase. Chromium starts playing the file when the microphone opens, but the recorder hears it
 * only once its AudioWorklet runs, which on a loaded machine has taken more than a second (2.5 s of silence once lost
 * "show my" of "show my messages" with the whole suite running beside it): the silence before covers that. The hold ends once the phrase has been streamed, well before the silence after runs out.
 */
export const SILENCE = { beforeSeconds: 4, afterSeconds: 4 };

export const fakeMicrophone = (wav: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wav}`,
];

/**
 * How many 100 ms frames the recorder must have sent before the button is let go: the silence before, the phrase
 * and a little after. Waiting for frames, not for time, keeps the test right on a loaded machine.
 */
export function framesFor(wav: string): number {
  const seconds = Number(execFileSync('soxi', ['-D', wav], { encoding: 'utf8' }));
  return Math.ceil((seconds - SILENCE.afterSeconds + 0.5) * 10);
}

/** Resolves once the page has sent `count` binary WebSocket frames (the recorder's PCM) since it was called. */
export function pcmFramesSent(page: Page, count: number): Promise<void> {
  return new Promise((resolve) => {
    let sent = 0;
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string' && ++sent === count) resolve();
      });
    });
  });
}
