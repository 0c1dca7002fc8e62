import { describe, expect, it, onTestFinished } from 'vitest';
import type { UnitLoginConfig } from '../../src/core/api/types';
import { ENDPOINTS } from '../../src/core/api/wire';
import { randomPng as png } from './face-photos';
import { Client, postFace, signedIn, startServer } from './helpers';

// Issue 67, item 6: face sign-in is the unit's choice. An admin of the unit turns it off (an added call); the login
// page's unit_config then says so and the login page does not offer it; public face login no longer finds the
// unit's faces; a clock-in terminal still clocks them in. On by default, as a §7 back end has it.

const base64 = (photo: Buffer) => photo.toString('base64');
const frames = () => [png(), png(), png(), png()].map(base64);
const config = async (url: string) =>
  (await new Client(url).get<UnitLoginConfig>(`${ENDPOINTS.unitConfig}?unitId=unit-school`)).body.data;

describe("face sign-in, the unit's choice", () => {
  it('is on by default; off, face login does not know the unit’s faces while clock-in does; on again, it does', async () => {
    const t = await startServer();
    onTestFinished(() => t.stop());
    const teacher = await signedIn(t.url, 'teacher');
    const faces = [png(), png(), png()];
    const register = (face: Buffer) =>
      teacher.post('/api/uaa/face/check', { faceImage: base64(face), userId: 'u-teacher' });
    expect((await config(t.url)).faceLogin).toBe(true);

    const admin = await signedIn(t.url, 'admin');
    const off = await admin.post(ENDPOINTS.unitFaceLogin, { enabled: false });
    expect(off.body).toMatchObject({ code: 'ok', data: { faceLogin: false } });
    expect((await config(t.url)).faceLogin).toBe(false);
    // Another unit's page still offers it.
    const area = await new Client(t.url).get<UnitLoginConfig>(`${ENDPOINTS.unitConfig}?unitId=unit-area`);
    expect(area.body.data.faceLogin).toBe(true);

    await register(faces[0]!);
    const refused = await postFace(new Client(t.url), 'login', base64(faces[0]!), frames());
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_grant');
    const terminal = await signedIn(t.url, 'terminal');
    const clocked = await postFace<{ userId: string }>(terminal, 'orther', base64(faces[0]!), frames());
    expect(clocked.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });

    expect((await admin.post(ENDPOINTS.unitFaceLogin, { enabled: true })).status).toBe(200);
    await register(faces[1]!);
    const signedInByFace = await postFace(new Client(t.url), 'login', base64(faces[1]!), frames());
    expect(signedInByFace.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
  });

  it('is changed by an admin of the unit only, with a boolean; the §7-as-written profile has no such call', async () => {
    const t = await startServer();
    onTestFinished(() => t.stop());
    const teacher = await signedIn(t.url, 'teacher');
    expect((await teacher.post(ENDPOINTS.unitFaceLogin, { enabled: false })).status).toBe(403);
    expect((await new Client(t.url).post(ENDPOINTS.unitFaceLogin, { enabled: false })).status).toBe(401);
    expect((await (await signedIn(t.url, 'admin')).post(ENDPOINTS.unitFaceLogin, { enabled: 'no' })).status).toBe(400);
    expect((await config(t.url)).faceLogin).toBe(true);
    const strict = await startServer({ specStrict: true });
    onTestFinished(() => strict.stop());
    expect((await (await signedIn(strict.url, 'admin')).post(ENDPOINTS.unitFaceLogin, { enabled: false })).status).toBe(
      404,
    );
  });
});
