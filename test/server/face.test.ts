import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTOR_THRESHOLD,
  DescriptorFaceMatcher,
  decodeDescriptor,
  encodeDescriptor,
  nearestFace,
} from '../../demo/server/face/descriptor-matcher';
import { FACE_MODEL_DIR } from '../../demo/server/face/models';
import type { AttendancePage, FaceClocking, FaceRecord, LoginData } from '../../src/core/api/types';
import { ManualClock } from './clock';
import { facePhoto, noFacePhoto, twoFacesPhoto } from './face-photos';
import { Client, signedIn, startServer, type TestServer } from './helpers';

// Issue 12 item 4: the descriptor matcher on face-api's own sample photos (group photos of different people; see
// face-photos.ts). Each photo takes a few hundred ms in the worker, so every test uses as few as it can.

const base64 = (photo: Buffer) => photo.toString('base64');
const clock = new ManualClock();
let t: TestServer;

beforeAll(async () => {
  // At most two photos wait for the worker here (8 by default), so that one test can see the third refused.
  t = await startServer({ faceMatcher: new DescriptorFaceMatcher({ maxPending: 2 }), now: clock.now });
  // The models load once; the first photo of the first test should not pay for it inside its own time limit.
  await t.server.context.faceMatcher.warmUp?.();
}, 60_000);
afterAll(() => t.stop());

describe('descriptor matching over HTTP', () => {
  it('registers a face; another photo of the same person signs in and clocks in; another person does not', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const saved = await teacher.post('/api/uaa/face/check', { faceImage: base64(facePhoto('a')), userId: 'u-teacher' });
    expect(saved.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const record = await teacher.get<FaceRecord>('/api/uaa/face/user?userId=u-teacher');
    // Stored as its pixels encoded again (issue 37, F14): the same picture, not the same bytes.
    const stored = jpeg.decode(Buffer.from(record.body.data.faceImage, 'base64'));
    const sent = jpeg.decode(facePhoto('a'));
    expect([stored.width, stored.height]).toEqual([sent.width, sent.height]);

    // The same face cropped tighter, off centre, smaller and compressed harder: other bytes, same person.
    const guest = new Client(t.url);
    const login = await guest.post<LoginData>('/api/uaa/oauth/login/face', {
      faceImage: `data:image/jpeg;base64,${base64(facePhoto('a', { zoom: 1.8, shiftX: 0.3, size: 360, quality: 60 }))}`,
    });
    expect(login.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    expect((await guest.get('/api/uaa/oauth/me')).body.data).toMatchObject({ userId: 'u-teacher' });

    const stranger = await new Client(t.url).post('/api/uaa/oauth/login/face', { faceImage: base64(facePhoto('c')) });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({
      code: 'invalid_grant',
      message: '未识别到已登记的人脸|||No registered face matches this photo',
    });

    const terminal = await signedIn(t.url, 'terminal');
    const clocked = await terminal.post<FaceClocking>('/api/uaa/login/face/clocking', {
      faceImage: base64(facePhoto('a', { zoom: 3, size: 400 })),
    });
    expect(clocked.body.data).toEqual({
      userId: 'u-teacher',
      realName: '王老师',
      clockTime: new Date(clock.now()).toISOString().slice(0, 19).replace('T', ' '),
    });
    const other = await terminal.post('/api/uaa/login/face/clocking', { faceImage: base64(facePhoto('d')) });
    expect(other.body.code).toBe('face_not_matched');
    // Six photos described one after another in the worker, beside the rest of the suite: more than 30 s may pass.
  }, 120_000);

  it('refuses a photo with no face or with two, in both languages, and stores nothing', async () => {
    const staff = await signedIn(t.url, 'staff');
    const none = await staff.post('/api/uaa/face/check', { faceImage: base64(noFacePhoto()), userId: 'u-staff' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'no_face',
      message: '照片中没有检测到人脸，请正对摄像头重试|||No face was found in the photo: face the camera and try again',
    });
    const two = await staff.post('/api/uaa/face/check', { faceImage: base64(twoFacesPhoto()), userId: 'u-staff' });
    expect(two.body).toMatchObject({
      code: 'several_faces',
      message:
        '照片中有多张人脸，请确保只有一人入镜|||The photo shows more than one face: only one person may be in the picture',
    });
    expect((await staff.get('/api/uaa/face/user?userId=u-staff')).body.data).toBeNull();
    // On the login call every 400 is invalid_grant (so the widget never goes to the bind page); the message stays.
    const login = await new Client(t.url).post('/api/uaa/oauth/login/face', { faceImage: base64(noFacePhoto()) });
    expect(login.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(login.body.message).toContain('No face was found in the photo');
  });

  it('reads PNG as well as JPEG, and names the formats it takes', async () => {
    const jpegPhoto = jpeg.decode(facePhoto('d'), { useTArray: true });
    const png = new PNG({ width: jpegPhoto.width, height: jpegPhoto.height });
    png.data = Buffer.from(jpegPhoto.data);
    const student = await signedIn(t.url, 'student');
    const saved = await student.post('/api/uaa/face/check', {
      faceImage: base64(PNG.sync.write(png)),
      userId: 'u-student',
    });
    expect(saved.body.code).toBe('ok');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const refused = await student.post('/api/uaa/face/check', { faceImage: base64(gif), userId: 'u-student' });
    expect(refused.body).toMatchObject({
      code: 'bad_image',
      message: '人脸照片须为 JPEG 或 PNG 格式|||A face photo must be a JPEG or PNG image',
    });
    const broken = Buffer.concat([facePhoto('d').subarray(0, 600)]);
    const cut = await student.post('/api/uaa/face/check', { faceImage: base64(broken), userId: 'u-student' });
    expect(cut.body.code).toBe('bad_image');
  });

  it('keeps the server answering other requests while a photo is being described', async () => {
    const describing = new Client(t.url).post('/api/uaa/oauth/login/face', { faceImage: base64(facePhoto('c')) });
    const order: string[] = [];
    await Promise.all([
      describing.then(() => order.push('face')),
      new Client(t.url).get('/api/uaa/oauth/login/unit_config').then(() => order.push('other')),
    ]);
    expect(order).toEqual(['other', 'face']);
  });

  it('answers 429 at once when more public photos wait than their share, and keeps a place for a terminal (F5)', async () => {
    // Two places here: one for face logins from anyone, one kept for signed-in callers.
    const terminal = await signedIn(t.url, 'terminal');
    const photo = base64(facePhoto('c', { size: 320 }));
    const [logins, clocking] = await Promise.all([
      Promise.all([1, 2, 3].map(() => new Client(t.url).post('/api/uaa/oauth/login/face', { faceImage: photo }))),
      terminal.post('/api/uaa/login/face/clocking', { faceImage: base64(facePhoto('c', { size: 330 })) }),
    ]);
    expect(logins.map((answer) => answer.body.code).sort()).toEqual(['face_busy', 'face_busy', 'invalid_grant']);
    const busy = logins.find((answer) => answer.status === 429);
    expect(busy?.body.message).toBe(
      '人脸识别繁忙，请稍后重试|||Face recognition is busy, please try again in a moment',
    );
    // The terminal's photo was described (no registered face matches it), not turned away as busy.
    expect(clocking.body.code).toBe('face_not_matched');
  });
});

describe('attendance GET /api/uaa/face/attendance', () => {
  it('lists a user’s clock-ins newest first, timed by the server clock, for the user and the unit’s admin', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    await teacher.post('/api/uaa/face/check', { faceImage: base64(facePhoto('a')), userId: 'u-teacher' });
    const terminal = await signedIn(t.url, 'terminal');
    const admin = await signedIn(t.url, 'admin');
    const before = (await teacher.get<AttendancePage>('/api/uaa/face/attendance?userId=u-teacher')).body.data.total;
    // Within the access token's 30 minutes, so every account stays signed in.
    clock.advance(600);
    const first = await terminal.post<FaceClocking>('/api/uaa/login/face/clocking', {
      faceImage: base64(facePhoto('a', { size: 420 })),
    });
    clock.advance(900);
    const second = await terminal.post<FaceClocking>('/api/uaa/login/face/clocking', {
      faceImage: base64(facePhoto('a', { size: 440 })),
    });
    expect(second.body.data.clockTime > first.body.data.clockTime).toBe(true);

    const own = await teacher.get<AttendancePage>('/api/uaa/face/attendance?userId=u-teacher&start=1&size=2');
    expect(own.body.data).toEqual({
      list: [second.body.data, first.body.data],
      total: before + 2,
      pages: Math.ceil((before + 2) / 2),
    });
    const byAdmin = await admin.get<AttendancePage>('/api/uaa/face/attendance?userId=u-teacher&size=1');
    expect(byAdmin.body.data.list).toEqual([second.body.data]);

    const parent = await signedIn(t.url, 'parent');
    expect((await parent.get('/api/uaa/face/attendance?userId=u-teacher')).status).toBe(403);
    expect((await parent.get('/api/uaa/face/attendance')).body.code).toBe('user_required');
    expect((await new Client(t.url).get('/api/uaa/face/attendance?userId=u-teacher')).status).toBe(401);
    // Another unit's terminal does not recognise this school's teacher.
    t.server.context.db.prepare("INSERT INTO user_roles (user_id, role) VALUES ('u-areauser', 'FACE_TERMINAL')").run();
    const area = await signedIn(t.url, 'areauser');
    const elsewhere = await area.post('/api/uaa/login/face/clocking', { faceImage: base64(facePhoto('a')) });
    expect(elsewhere.body.code).toBe('face_not_matched');
  });
});

describe('a server switched from digests to descriptors', () => {
  it('describes the faces registered before from their stored photos, so they sign in', async () => {
    const old = await startServer({ faceMatcher: 'digest' });
    try {
      const parent = await signedIn(old.url, 'parent');
      await parent.post('/api/uaa/face/check', { faceImage: base64(facePhoto('c')), userId: 'u-parent' });
      await old.restart({ faceMatcher: 'descriptor' });
      const login = await new Client(old.url).post<LoginData>('/api/uaa/oauth/login/face', {
        faceImage: base64(facePhoto('c', { zoom: 2, size: 400 })),
      });
      expect(login.body.data).toMatchObject({ userId: 'u-parent' });
    } finally {
      await old.stop();
    }
  }, 60_000);
});

describe('the face models for the widget, from this origin', () => {
  it('serves the tiny face detector from the npm package, and nothing else of it', async () => {
    const client = new Client(t.url);
    const weights = await client.raw('GET', '/assets/face-models/tiny_face_detector_model.bin', { device: null });
    expect(weights.status).toBe(200);
    expect(weights.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await weights.arrayBuffer());
    expect(bytes.equals(readFileSync(join(FACE_MODEL_DIR, 'tiny_face_detector_model.bin')))).toBe(true);
    const manifest = await client.get('/assets/face-models/tiny_face_detector_model-weights_manifest.json');
    expect(manifest.headers.get('content-type')).toContain('application/json');
    expect((await client.raw('GET', '/assets/face-models/face_recognition_model.bin')).status).toBe(404);
    expect((await client.raw('GET', '/assets/face-models/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('nearest registered face (the threshold)', () => {
  const vector = (fill: (i: number) => number) => Float32Array.from({ length: 128 }, (_, i) => fill(i));
  const probe = vector(() => 0);
  // A descriptor at exactly `distance` from the probe: the distance spread evenly over 128 values.
  const at = (distance: number) => encodeDescriptor(vector(() => distance / Math.sqrt(128)));

  it('takes the closest face within the threshold, and none beyond it', () => {
    expect(DESCRIPTOR_THRESHOLD).toBe(0.4);
    const enrolled = [
      { userId: 'far', descriptor: at(0.39) },
      { userId: 'near', descriptor: at(0.2) },
      { userId: 'beyond', descriptor: at(0.41) },
      { userId: 'garbage', descriptor: 'not a descriptor' },
    ];
    expect(nearestFace(probe, enrolled)).toMatchObject({ userId: 'near' });
    expect(nearestFace(probe, [enrolled[2]!, enrolled[3]!])).toBeNull();
    expect(new DescriptorFaceMatcher({ threshold: 0.45 }).match(encodeDescriptor(probe), [enrolled[2]!])).toBe(
      'beyond',
    );
  });

  it('stores descriptors as base64 of 128 float32 values', () => {
    const descriptor = vector((i) => i / 100);
    expect(decodeDescriptor(encodeDescriptor(descriptor))).toEqual(descriptor);
    expect(encodeDescriptor(descriptor)).toHaveLength(684);
    expect(decodeDescriptor(Buffer.alloc(100).toString('base64'))).toBeNull();
  });
});
