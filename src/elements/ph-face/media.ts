import {
  captureSize,
  FACE_JPEG_QUALITY,
  type FaceCamera,
  LIVENESS_FRAME_PX,
  LIVENESS_JPEG_QUALITY,
  photoRegion,
  type Size,
} from '../../core';

// The browser's side of the face widget: the camera on a <video>, and photos drawn in the capture format (§5).

/** The front camera shown in `video()`; `open` rejects with getUserMedia's DOMException (NotFoundError: none). */
export function videoCamera(video: () => HTMLVideoElement | null): FaceCamera {
  let stream: MediaStream | null = null;
  const stop = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    const element = video();
    if (element) element.srcObject = null;
  };
  return {
    async open() {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
      const opened = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
      });
      const element = video();
      if (!element) {
        for (const track of opened.getTracks()) track.stop();
        throw new DOMException('The widget left the page', 'AbortError');
      }
      stream = opened;
      element.srcObject = opened;
      try {
        await element.play();
      } catch (error) {
        stop();
        throw error;
      }
    },
    close: stop,
  };
}

/** The capture size on this screen: 480 × 480, or the body's size on screens narrower than 761 px. */
export function pageCaptureSize(): Size {
  return captureSize(window.screen.width, {
    width: document.body.clientWidth || window.innerWidth,
    height: document.body.clientHeight || window.innerHeight,
  });
}

/**
 * Draws the part of `source` (of natural size `frame`) that a view of `view`'s proportions shows (object-fit:
 * cover), cut to `size`'s proportions, at `size`, as a JPEG data URL at quality 1.
 */
export function drawPhoto(
  source: CanvasImageSource,
  frame: Size,
  view: Size,
  size: Size,
  quality = FACE_JPEG_QUALITY,
): string {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  const region = photoRegion(frame, { width: view.width || size.width, height: view.height || size.height }, size);
  context.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', quality);
}

/** What the camera shows right now, as the widget sees it, in the capture format (blank before the first frame). */
export function captureVideo(video: HTMLVideoElement | null): string {
  const size = pageCaptureSize();
  if (!video) return drawPhoto(document.createElement('canvas'), size, size, size);
  const frame = { width: video.videoWidth || size.width, height: video.videoHeight || size.height };
  return drawPhoto(video, frame, { width: video.clientWidth, height: video.clientHeight }, size);
}

/** The same picture as captureVideo, LIVENESS_FRAME_PX on its longer side: a frame of the challenge's action. */
export function captureActionFrame(video: HTMLVideoElement | null): string {
  const capture = pageCaptureSize();
  const scale = LIVENESS_FRAME_PX / Math.max(capture.width, capture.height, 1);
  const size = { width: Math.round(capture.width * scale), height: Math.round(capture.height * scale) };
  if (!video) return drawPhoto(document.createElement('canvas'), size, size, size, LIVENESS_JPEG_QUALITY);
  const frame = { width: video.videoWidth || size.width, height: video.videoHeight || size.height };
  const view = { width: video.clientWidth || capture.width, height: video.clientHeight || capture.height };
  return drawPhoto(video, frame, view, size, LIVENESS_JPEG_QUALITY);
}

/** A chosen picture in the capture format (centre crop to the capture proportions). */
export async function pictureFromFile(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = pageCaptureSize();
    return drawPhoto(bitmap, { width: bitmap.width, height: bitmap.height }, size, size);
  } finally {
    bitmap.close();
  }
}
