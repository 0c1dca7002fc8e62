import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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
