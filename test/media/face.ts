import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { cameraPicture } from '../server/face-photos';

// Camera media, made at test time with ffmpeg (nothing is committed): one face from face-api's own sample2.jpg (which
// shows three people), framed so that the face sits in ph-face's guide box; and a plain colour with nobody in it.

const SAMPLE = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample2.jpg',
);
/** The woman on the right of sample2, head and shoulders, 640 × 480 (padded on top: she is near the edge). */
const FACE_FRAME = 'pad=iw+200:ih+100:0:100,crop=975:731:1058:36,scale=640:480';

export interface FaceMedia {
  /**
   * Twenty seconds of the face at 5 fps with a camera's sensor noise in every frame, for Chromium's fake camera (it
   * loops the file, from its first frame each time a page opens the camera). No two frames are alike, as with a real
   * camera: the server refuses a photo whose very bytes signed someone in before (issue 37, F3).
   */
  faceVideo: string;
  /**
   * The same face through another camera (the clock-in terminal's): its own noise. Two pages that open their cameras
   * and capture after the same countdown take the same frame of a file; of two files, never the same bytes.
   */
  terminalVideo: string;
  /** One second of a plain colour: a camera that sees nobody. */
  emptyVideo: string;
  /** The same face as a JPEG photo, for the upload path. */
  facePhoto: string;
  dispose(): void;
}

function ffmpeg(...args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

export function faceMedia(): FaceMedia {
  const dir = mkdtempSync(join(tmpdir(), 'ph-face-media-'));
  const media = {
    faceVideo: join(dir, 'face.y4m'),
    terminalVideo: join(dir, 'terminal.y4m'),
    emptyVideo: join(dir, 'empty.y4m'),
    facePhoto: join(dir, 'face.jpg'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
  const camera = (seed: number, file: string) =>
    ffmpeg(
      '-loop',
      '1',
      // The picture read at the output's 5 frames a second: at ffmpeg's default 25 it framed and noised five times the
      // frames and dropped four in five (6 CPU seconds a video instead of 1.3).
      '-framerate',
      '5',
      '-i',
      SAMPLE,
      '-vf',
      `${FACE_FRAME},noise=alls=6:allf=t:all_seed=${seed},format=yuv420p`,
      '-r',
      '5',
      '-t',
      '20',
      file,
    );
  camera(11, media.faceVideo);
  camera(23, media.terminalVideo);
  const colour = 'color=c=0x8899aa:s=640x480:r=15';
  ffmpeg('-f', 'lavfi', '-i', colour, '-t', '1', '-pix_fmt', 'yuv420p', media.emptyVideo);
  ffmpeg('-i', SAMPLE, '-vf', FACE_FRAME, '-q:v', '3', media.facePhoto);
  return media;
}

/** Chromium's flags for a fake camera fed from `video` (none: the camera is allowed but there is no device). */
export function cameraArgs(video?: string): string[] {
  const args = ['--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'];
  if (video) args.push('--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`);
  return args;
}

/** The poses drawn for the person camera, in whole turns (cameraPicture's unit): 0 ahead, ±1.8 far to a side. */
const POSE_STEPS = Array.from({ length: 19 }, (_, i) => Math.round((i - 9) * 0.2 * 10) / 10);

/** The pictures a person camera shows, as JPEG data URLs by turn (positive: to her own left). */
export type Poses = Record<string, string>;

/** The woman of the camera video at every pose on the way from looking ahead to a turn either way. */
export function personPoses(): Poses {
  return Object.fromEntries(
    POSE_STEPS.map((turn) => [turn, `data:image/jpeg;base64,${cameraPicture(turn, 640, 92).toString('base64')}`]),
  );
}

/**
 * Gives `page` a camera that behaves like a person in front of it: it looks ahead, and a moment after <ph-face>
 * asks for a turn (its `data-action`) it turns smoothly that way, through the poses between, and holds it, as people
 * do; asked to face the camera again (`faceCamera`), it turns back ahead the same way. How far it turns (`reaches`, in whole turns) changes from one challenge to the next, as a person's turns do: the
 * server refuses the same pictures in the same order again as a replay. While the page's `phPersonAway` is true
 * nobody is in front (a queue's gap between two people). Told the turn was too fast for the camera (`data-turn-again`,
 * which a busy machine's slower detector can bring), she turns back to the front and turns again at half her speed
 * (at most half her usual 2.5 turns a second), as she was asked; still told once she has held the turn for 1.5 s, she
 * does so again, slower still (down to 0.6 turns a second). A canvas stream stands in for the device; every frame
 * carries a little sensor noise, so no two frames are the same bytes.
 */
export interface Person {
  /** From being asked to starting to turn. */
  reactionMs: number;
  /** How far she turns, in whole turns, one challenge after another. */
  reaches: number[];
  /** How fast she turns at first, in whole turns a second (Infinity: from one pose to the next between two frames). */
  turnsPerSecond: number;
}

export async function personCamera(page: Page, poses: Poses, person: Partial<Person> = {}): Promise<void> {
  const { reactionMs, reaches, turnsPerSecond } = {
    reactionMs: 300,
    reaches: [1.4, 1.8],
    turnsPerSecond: 2.5,
    ...person,
  };
  // A script of its own rather than a function: the test runner's TypeScript loader names functions through a helper
  // that does not exist in the page.
  await page.addInitScript({
    content: `{
      const reactionMs = ${reactionMs};
      let turnsPerSecond = ${turnsPerSecond};
      let turningBack = false;
      let toldBefore = false;
      let heldAt = null;
      const HOLD_BEFORE_AGAIN_MS = 1500;
      const reaches = ${JSON.stringify(reaches)};
      let challenges = -1;
      const images = new Map();
      for (const [turn, url] of Object.entries(${JSON.stringify(poses)})) {
        const image = new Image();
        image.src = url;
        images.set(Number(turn), image);
      }
      const sides = { turnLeft: 1, turnRight: -1, faceCamera: 0 };
      let position = 0;
      let asked = null;
      let askedAt = 0;
      let last = performance.now();
      const pose = () => {
        const now = performance.now();
        const acting = document.querySelector('ph-face')?.shadowRoot?.querySelector('[data-action]');
        const action = acting?.dataset.action ?? null;
        const told = acting?.dataset.turnAgain !== undefined;
        // Told again while she holds a turn the widget has had time to read: the slower turn was still too fast for
        // its frames (a busy machine's detector), so she turns back and slower once more.
        const heldTooLong = told && heldAt !== null && now - heldAt >= HOLD_BEFORE_AGAIN_MS;
        if ((told && !toldBefore) || heldTooLong) {
          turningBack = true;
          heldAt = null;
          turnsPerSecond = Math.max(Math.min(turnsPerSecond, 2.5) / 2, 0.6);
        }
        toldBefore = told;
        if (action !== asked) {
          if (action && !asked) challenges += 1;
          asked = action;
          askedAt = now;
        }
        // Her picture warped further than 1.1 turns to her right reads as less of a turn to the landmark nets.
        const reach = asked === 'turnRight' ? Math.min(1.1, reaches[challenges % reaches.length]) : reaches[challenges % reaches.length];
        if (turningBack && position === 0) turningBack = false;
        const target = turningBack ? 0 : asked && now - askedAt >= reactionMs ? sides[asked] * reach : asked ? position : 0;
        const step = now > last ? turnsPerSecond * (now - last) / 1000 : 0;
        last = now;
        position = Math.abs(target - position) <= step ? target : position + Math.sign(target - position) * step;
        if (position !== target || target === 0) heldAt = null;
        else if (heldAt === null) heldAt = now;
        const nearest = Math.round(position * 5) / 5;
        return images.get(Math.round(nearest * 10) / 10) ?? images.get(0);
      };
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const context = canvas.getContext('2d');
        const draw = () => {
          const image = pose();
          if (window.phPersonAway) {
            context.fillStyle = '#8899aa';
            context.fillRect(0, 0, 640, 480);
          } else if (image.complete) context.drawImage(image, 0, 0, 640, 480);
          for (let i = 0; i < 200; i++) {
            const grey = Math.floor(Math.random() * 256);
            context.fillStyle = 'rgb(' + grey + ',' + grey + ',' + grey + ')';
            context.fillRect(Math.random() * 640, Math.random() * 480, 1, 1);
          }
        };
        draw();
        setInterval(draw, 33);
        return canvas.captureStream(30);
      };
    }`,
  });
}
