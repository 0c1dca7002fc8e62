import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ApiError, fieldError, type Text } from '../envelope';
import type { DescribeReply, DescribeRequest, FoundFace } from './describe-faces';
import type { EnrolledFace, FaceCaller, FaceMatcher, FaceObservation, ObservedPicture } from './matcher';

/**
 * Two photos show the same person when their descriptors are at most this far apart (Euclidean distance of the
 * 128-value face-api descriptors). face-api's examples use 0.6; on its own sample photos different people came as
 * close as 0.44, while crops, rescalings and recompressions of one face stayed below 0.2 (docs/api.md), so a
 * terminal that signs people in uses a stricter 0.4.
 */
export const DESCRIPTOR_THRESHOLD = 0.4;
const DESCRIPTOR_LENGTH = 128;
/**
 * Photos waiting for the worker at most. Each takes about 0.6 s of one core, and face login is public: beyond this
 * the server answers 429 at once rather than queueing work (and memory) without end.
 */
export const MAX_PENDING_PHOTOS = 8;

/**
 * A probe farther than the threshold but within this distance of someone is a near miss on their face: someone who
 * looks alike, or a doctored photo of them (face-api's descriptors put different people at 0.6 and more).
 */
export const NEAR_MISS_DISTANCE = 0.6;

export const FACE_BUSY: Text = {
  zh: '人脸识别繁忙，请稍后重试',
  en: 'Face recognition is busy, please try again in a moment',
};

export const refuse = (code: string, text: Text) => new ApiError(400, code, text, [fieldError('faceImage', text)]);

export const IMAGE_ERRORS: Record<string, [string, Text]> = {
  unsupported: ['bad_image', { zh: '人脸照片须为 JPEG 或 PNG 格式', en: 'A face photo must be a JPEG or PNG image' }],
  undecodable: ['bad_image', { zh: '人脸照片无法解码', en: 'The face photo cannot be decoded' }],
  too_large: ['bad_image', { zh: '人脸照片像素过多', en: 'The face photo has too many pixels' }],
};

export const NO_FACE: Text = {
  zh: '照片中没有检测到人脸，请正对摄像头重试',
  en: 'No face was found in the photo: face the camera and try again',
};
export const SEVERAL_FACES: Text = {
  zh: '照片中有多张人脸，请确保只有一人入镜',
  en: 'The photo shows more than one face: only one person may be in the picture',
};

export function encodeDescriptor(descriptor: Float32Array): string {
  return Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength).toString('base64');
}

/** The descriptor stored as base64, or null when the text is not one. */
export function decodeDescriptor(text: string): Float32Array | null {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== DESCRIPTOR_LENGTH * 4) return null;
  const descriptor = new Float32Array(DESCRIPTOR_LENGTH);
  Buffer.from(descriptor.buffer).set(bytes);
  return descriptor;
}

export function euclideanDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** The enrolled face nearest to the probe, if it is within the threshold. */
export function nearestFace(
  probe: Float32Array,
  enrolled: EnrolledFace[],
  threshold = DESCRIPTOR_THRESHOLD,
): { userId: string; distance: number } | null {
  let best: { userId: string; distance: number } | null = null;
  for (const face of enrolled) {
    const descriptor = decodeDescriptor(face.descriptor);
    if (!descriptor) continue;
    const distance = euclideanDistance(probe, descriptor);
    if (distance <= threshold && (!best || distance < best.distance)) best = { userId: face.userId, distance };
  }
  return best;
}

/** Pictures whose faces are kept by their bytes: a few seconds of a busy gate's stills and frames. */
const RECENT_PICTURES = 64;

interface Pending {
  resolve(reply: DescribeReply): void;
  reject(error: Error): void;
}

/**
 * Face-api descriptors (SSD MobileNet detection, 68 landmarks, the recognition net) computed in a worker thread on
 * the WebAssembly backend; the models load once, on first use (or on warmUp). A photo must show exactly one face.
 */
export class DescriptorFaceMatcher implements FaceMatcher {
  /** Stored with each descriptor: 'descriptor' ones (SSD MobileNet's alignment, before issue 54) are described again. */
  readonly kind = 'descriptor-tiny';
  readonly threshold: number;
  readonly maxPending: number;
  /** Time of the last description inside the worker (decoding excluded), for the bench. */
  lastDescribeMs = 0;
  /** Pictures described so far and their time in the worker (decoding included), for the bench. */
  readonly described = { pictures: 0, ms: 0 };
  private worker: Worker | null = null;
  /**
   * The faces of the pictures described last, by their bytes: the same bytes give the same faces, so a photo sent
   * again (a replay, which is refused after it is described; a retry) costs no second description.
   */
  private readonly recent = new Map<string, FoundFace[]>();
  private readonly pending = new Map<number, Pending>();
  private publicPending = 0;
  private nextId = 1;

  constructor(options: { threshold?: number; maxPending?: number } = {}) {
    this.threshold = options.threshold ?? DESCRIPTOR_THRESHOLD;
    this.maxPending = options.maxPending ?? MAX_PENDING_PHOTOS;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./descriptor-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: DescribeReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face descriptor worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /**
   * Places of the queue public calls may take: a quarter (at least one) is kept for signed-in callers, so that
   * unauthenticated face-login loops cannot starve a school's clock-in terminals (issue 37, F5).
   */
  get publicPlaces(): number {
    return this.maxPending - Math.max(1, Math.floor(this.maxPending / 4));
  }

  private call(
    request: Omit<DescribeRequest, 'id'>,
    transfer: ArrayBuffer[] = [],
    caller: FaceCaller = 'signed-in',
  ): Promise<DescribeReply> {
    const full = caller === 'public' ? this.publicPending >= this.publicPlaces : this.pending.size >= this.maxPending;
    if (full) return Promise.reject(new ApiError(429, 'face_busy', FACE_BUSY));
    const worker = this.start();
    const id = this.nextId++;
    if (caller === 'public') this.publicPending += 1;
    const settled = () => {
      if (caller === 'public') this.publicPending -= 1;
    };
    return new Promise<DescribeReply>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (reply) => {
          settled();
          resolve(reply);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      });
      // A call in flight keeps the process alive; an idle worker does not.
      worker.ref();
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  async warmUp(): Promise<void> {
    const reply = await this.call({ warm: true });
    if (!reply.ok) throw new Error(`face models failed to load: ${reply.message ?? reply.error}`);
  }

  async describe(image: Buffer, caller: FaceCaller = 'signed-in'): Promise<string> {
    return encodeDescriptor((await this.oneFace(image, caller)).descriptor);
  }

  async observe(
    image: Buffer,
    caller: FaceCaller = 'signed-in',
    picture: ObservedPicture = 'still',
  ): Promise<FaceObservation> {
    const face = await this.oneFace(image, caller, picture);
    return {
      landmarks: face.landmarks,
      turn: face.turn,
      descriptor: encodeDescriptor(face.descriptor),
      hash: face.hash,
      mirrorHash: face.mirrorHash,
    };
  }

  samePerson(a: string, b: string): boolean {
    const first = decodeDescriptor(a);
    const second = decodeDescriptor(b);
    return !!first && !!second && euclideanDistance(first, second) <= NEAR_MISS_DISTANCE;
  }

  /** The one face of a photo (a 400 for none, several, or a file that is no image). */
  private async oneFace(image: Buffer, caller: FaceCaller, picture?: ObservedPicture): Promise<FoundFace> {
    const faces = await this.facesOf(image, caller, picture);
    if (faces.length === 0) throw refuse('no_face', NO_FACE);
    if (faces.length > 1) throw refuse('several_faces', SEVERAL_FACES);
    return faces[0]!;
  }

  /** Every face of a picture, described in the worker unless the same bytes were described lately. */
  private async facesOf(image: Buffer, caller: FaceCaller, picture?: ObservedPicture): Promise<FoundFace[]> {
    // A copy, as a view the hash takes (a stored photo comes from SQLite as an ArrayBuffer), sent off to the worker.
    const copy = new Uint8Array(image);
    const key = `${picture ?? ''}:${createHash('sha256').update(copy).digest('base64')}`;
    const known = this.recent.get(key);
    if (known) {
      this.recent.delete(key);
      this.recent.set(key, known);
      return known;
    }
    const reply = await this.call({ image: copy, ...(picture ? { picture } : {}) }, [copy.buffer], caller);
    if (!reply.ok) {
      const refusal = IMAGE_ERRORS[reply.error];
      if (refusal) throw refuse(refusal[0], refusal[1]);
      throw new Error(`face description failed: ${reply.message ?? reply.error}`);
    }
    if (!('faces' in reply)) throw new Error('face description answered without faces');
    this.lastDescribeMs = reply.ms;
    this.described.pictures += 1;
    this.described.ms += reply.totalMs;
    this.recent.set(key, reply.faces);
    if (this.recent.size > RECENT_PICTURES) this.recent.delete(this.recent.keys().next().value as string);
    return reply.faces;
  }

  match(probe: string, enrolled: EnrolledFace[]): string | null {
    const descriptor = decodeDescriptor(probe);
    return descriptor ? (nearestFace(descriptor, enrolled, this.threshold)?.userId ?? null) : null;
  }

  resembles(probe: string, enrolled: EnrolledFace[]): string | null {
    const descriptor = decodeDescriptor(probe);
    return descriptor ? (nearestFace(descriptor, enrolled, NEAR_MISS_DISTANCE)?.userId ?? null) : null;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
