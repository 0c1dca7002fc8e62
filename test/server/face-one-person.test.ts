import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicateFaces } from '../../demo/server/face/duplicates';
import { DigestFaceMatcher } from '../../demo/server/face/matcher';
import { eventually } from '../support/eventually';
import { ManualClock } from './clock';
import { randomPng as png } from './face-photos';
import { Client, postFace, signedIn, startServer, type TestServer } from './helpers';

// Issue 54: one face, one person, wherever public face login looks (every unit). Registration refuses a face of
// another account of any unit (uaa.test.ts, face.test.ts); the duplicates a database already holds sign in as no one
// and are reported. Digest matcher: a duplicate is the same photo registered to two accounts, put in the database
// directly, as registration no longer lets it in.

const base64 = (photo: Buffer) => photo.toString('base64');
const frames = () => [png(), png(), png(), png()].map(base64);
const AMBIGUOUS =
  "这张人脸与多个账号相符，无法确定是谁，请联系学校管理员|||This face matches more than one account, so it cannot tell whose it is; ask your school's administrator|||這張人臉與多個賬號相符，無法確定是誰，請聯絡學校管理員";

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ now: clock.now });
});
afterAll(() => t.stop());

/** The teacher's registered face, given to `userId` as well, as a database from before issue 54 may hold it. */
function duplicate(userId: string): void {
  t.server.context.db
    .prepare(
      `INSERT INTO face_records (user_id, descriptor, matcher, image, register_time)
       SELECT ?, descriptor, matcher, image, register_time FROM face_records WHERE user_id = 'u-teacher'`,
    )
    .run(userId);
}

describe('a face registered to two people', () => {
  it('signs in as neither, clocks in neither, and counts against no one', async () => {
    const face = png();
    const teacher = await signedIn(t.url, 'teacher');
    expect((await teacher.post('/api/uaa/face/check', { faceImage: base64(face), userId: 'u-teacher' })).status).toBe(
      200,
    );
    duplicate('u-areauser');
    const guest = new Client(t.url);
    // More than the address's 20 failures: a conflict of the registered faces is no failure of the caller's.
    for (let index = 0; index < 21; index += 1) {
      const login = await postFace(guest, 'login', base64(face), frames());
      expect(login.status).toBe(409);
      expect(login.body).toMatchObject({ code: 'face_ambiguous', message: AMBIGUOUS });
    }
    expect((await guest.get('/api/uaa/oauth/me')).status).toBe(401);

    // A terminal looks at its unit's faces: the teacher's and, given the same face, the staff's.
    duplicate('u-staff');
    const terminal = await signedIn(t.url, 'terminal');
    const clocking = await postFace(terminal, 'orther', base64(face), frames());
    expect(clocking.status).toBe(409);
    expect(clocking.body).toMatchObject({ code: 'face_ambiguous', message: AMBIGUOUS });
    const clockings = t.server.context.db.prepare('SELECT COUNT(*) AS n FROM face_clockings').get() as { n: number };
    expect(clockings.n).toBe(0);
  });

  it('is found, pair by pair, by ids', async () => {
    const pairs = await findDuplicateFaces(t.server.context.db, new DigestFaceMatcher());
    expect(pairs).toEqual([
      { userId: 'u-areauser', otherUserId: 'u-staff' },
      { userId: 'u-areauser', otherUserId: 'u-teacher' },
      { userId: 'u-staff', otherUserId: 'u-teacher' },
    ]);
    // A face described by another matcher is not compared with these, whatever its descriptor reads.
    const db = t.server.context.db;
    db.prepare(
      `INSERT INTO face_records (user_id, descriptor, matcher, image, register_time)
       SELECT 'u-parent', descriptor, 'another', image, register_time FROM face_records WHERE user_id = 'u-teacher'`,
    ).run();
    expect(await findDuplicateFaces(db, new DigestFaceMatcher())).toHaveLength(3);
    db.prepare("DELETE FROM face_records WHERE user_id = 'u-parent'").run();
  });

  it('is reported in the log at start, by ids only', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    await t.restart({ logger: { level: 'warn', stream } });
    const warning = await eventually(() => {
      const found = lines.find((line) => line.includes('more than one account'));
      expect(found).toBeDefined();
      return JSON.parse(found!) as { level: number; duplicateFaces: unknown; msg: string };
    });
    expect(warning.level).toBe(40);
    expect(warning.msg).toContain('u-areauser = u-staff; u-areauser = u-teacher; u-staff = u-teacher');
    expect(warning.duplicateFaces).toHaveLength(3);
    expect(lines.join('')).not.toMatch(/王老师|赵职员|周督导/);
  });

  it('is listed for an operator by demo/server/list-duplicate-faces.ts', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/list-duplicate-faces.ts'], {
      cwd: resolve(import.meta.dirname, '..', '..'),
      env: { ...process.env, PH_DATA_DIR: t.dataDir, PH_FACE_MATCHER: 'digest' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code, output).toBe(0);
    expect(output).toContain('Faces registered to more than one account (3 pairs)');
    expect(output).toMatch(/u-staff\t\S+\tu-teacher\t\S+/);
  });
});
