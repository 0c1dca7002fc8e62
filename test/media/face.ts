import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { LivenessAction } from '../../src/core/face/liveness';
import { cropPhoto, type Displacement, turnedHead } from '../server/face-photos';

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

/** The camera's picture (FACE_FRAME) as a region of sample2, for pictures drawn in Node. */
const FRAME_REGION = { x: 1058, y: -64, width: 975, height: 731 };
/** The woman's face in that 640 × 480 picture: the middle between her jaw line's ends, and its half size, in px. */
const FACE_MIDDLE = { x: 317, y: 230, rx: 68, ry: 85 };
/** How far a turn moves the middle of her face against its outline, in px (her headTurn moves by about 0.2). */
const TURN_PX = 22;

/** The pictures a person camera shows: looking ahead, and each movement it can make, as JPEG data URLs. */
export type Poses = { ahead: string } & Partial<Record<LivenessAction, string>>;

/**
 * The woman of the camera video looking ahead and turning her head either way (an open mouth cannot be made from a
 * photo: stretching closed lips leaves no gap a landmark net sees).
 */
export function personPoses(): Poses {
  const picture = (displace?: Displacement) =>
    `data:image/jpeg;base64,${cropPhoto(2, FRAME_REGION, 640, 480, 92, displace).toString('base64')}`;
  return {
    ahead: picture(),
    turnLeft: picture(turnedHead(FACE_MIDDLE, TURN_PX)),
    turnRight: picture(turnedHead(FACE_MIDDLE, -TURN_PX)),
  };
}

/**
 * Gives `page` a camera that behaves like a person in front of it: it looks ahead, and a moment after <ph-face>
 * asks for a movement (its `data-action`) it makes it and holds it, as people do. A canvas stream stands in for the
 * device; every frame carries a little sensor noise, so no two frames are the same bytes.
 */
export async function personCamera(page: Page, poses: Poses, reactionMs = 400): Promise<void> {
  // A script of its own rather than a function: the test runner's TypeScript loader names functions through a helper
  // that does not exist in the page.
  await page.addInitScript({
    content: `{
      const reactionMs = ${reactionMs};
      const images = {};
      for (const [name, url] of Object.entries(${JSON.stringify(poses)})) {
        images[name] = new Image();
        images[name].src = url;
      }
      let askedAt = 0;
      const pose = () => {
        const asked = document.querySelector('ph-face')?.shadowRoot?.querySelector('[data-action]');
        if (!asked) {
          askedAt = 0;
          return images.ahead;
        }
        askedAt ||= performance.now();
        const action = asked.dataset.action;
        return performance.now() - askedAt >= reactionMs && images[action] ? images[action] : images.ahead;
      };
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const context = canvas.getContext('2d');
        const draw = () => {
          const image = pose();
          if (image.complete) context.drawImage(image, 0, 0, 640, 480);
          for (let i = 0; i < 200; i++) {
            const grey = Math.floor(Math.random() * 256);
            context.fillStyle = 'rgb(' + grey + ',' + grey + ',' + grey + ')';
            context.fillRect(Math.random() * 640, Math.random() * 480, 1, 1);
          }
        };
        draw();
        setInterval(draw, 66);
        return canvas.captureStream(15);
      };
    }`,
  });
}
