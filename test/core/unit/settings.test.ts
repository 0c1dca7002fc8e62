import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import type { HttpClient } from '../../../src/core/http/client-types';
import { HttpError } from '../../../src/core/http/errors';
import { changeFaceLogin, faceLoginOffered, loadUnitSettings } from '../../../src/core/unit';

// The admin's "Unit settings" (issue 56 item 11), read from the calls §7 has: unit_oam and unit_config.

const DECORATION = JSON.stringify({
  footerMsg: {
    show: true,
    helpCenter: '/help/',
    showBaMsg: true,
    baList: [{ baContent: '京ICP备1号' }],
    copyright: '© 校',
  },
});

/** Answers each §7 path with its data, or fails it (a thrown error, as the client throws). */
function http(answers: Record<string, unknown>): Pick<HttpClient, 'request'> & { asked: unknown[] } {
  const asked: unknown[] = [];
  const request = (async (options: { url: string; params?: unknown }) => {
    asked.push([options.url, options.params]);
    if (!(options.url in answers)) throw new Error(`no answer for ${options.url}`);
    return { status: 200, code: 'ok', message: '', data: answers[options.url] };
  }) as Pick<HttpClient, 'request'>['request'];
  return { request, asked };
}

describe('loadUnitSettings', () => {
  it("reads the unit's licence and login-page footer for that unit, with its logo", async () => {
    const client = http({
      [ENDPOINTS.licenceOam]: { endTime: '2027-07-31 23:59:59', expired: false },
      [ENDPOINTS.unitConfig]: { footer: '© plain', link: 'https://school.example/', decorationSet: DECORATION },
    });
    const settings = await loadUnitSettings('unit-school', client);
    expect(settings).toEqual({
      logo: '/api/storage/show/unit/unit-school',
      licence: { endTime: '2027-07-31 23:59:59', expired: false },
      loginPage: {
        copyright: '© 校',
        link: 'https://school.example/',
        filings: [{ baContent: '京ICP备1号', baUrl: '', baImg: '', showImg: false }],
        helpCenter: '/help/',
      },
      // A §7 back end names no face setting: on.
      faceLogin: true,
    });
    expect(client.asked).toEqual([
      [ENDPOINTS.licenceOam, { unitId: 'unit-school' }],
      [ENDPOINTS.unitConfig, { unitId: 'unit-school' }],
    ]);
  });

  it('shows what it could read when a call fails: that part is null', async () => {
    const settings = await loadUnitSettings('u1', http({ [ENDPOINTS.licenceOam]: { endTime: 'x', expired: true } }));
    expect(settings.licence).toEqual({ endTime: 'x', expired: true });
    expect(settings.loginPage).toBeNull();
    expect(settings.faceLogin).toBeNull();
    expect((await loadUnitSettings('u1', http({}))).licence).toBeNull();
  });
});

describe('face sign-in, the unit’s choice (issue 67)', () => {
  it('is offered unless the unit turned it off; a configuration that could not be read takes nothing away', () => {
    expect(faceLoginOffered({ footer: '', link: '', decorationSet: '', faceLogin: false })).toBe(false);
    expect(faceLoginOffered({ footer: '', link: '', decorationSet: '', faceLogin: true })).toBe(true);
    expect(faceLoginOffered({ footer: '', link: '', decorationSet: '' })).toBe(true);
    expect(faceLoginOffered(null)).toBe(true);
  });

  it('is changed by a post of {enabled}; a platform without the call says so, any other failure is a failure', async () => {
    const sent: unknown[] = [];
    const answering = (answer: () => unknown) =>
      ({
        request: async (options: unknown) => {
          sent.push(options);
          return answer();
        },
      }) as unknown as Pick<HttpClient, 'request'>;
    const saved = await changeFaceLogin(
      false,
      answering(() => ({ status: 200, code: 'ok', data: { faceLogin: false } })),
    );
    expect(saved).toEqual({ status: 'saved', faceLogin: false });
    expect(sent[0]).toMatchObject({ url: ENDPOINTS.unitFaceLogin, method: 'post', data: { enabled: false } });
    const missing = new HttpError({
      kind: 'http',
      message: 'Not Found',
      response: { status: 404 },
      request: {},
    } as never);
    expect(
      await changeFaceLogin(
        false,
        answering(() => Promise.reject(missing)),
      ),
    ).toEqual({ status: 'unavailable' });
    expect(
      await changeFaceLogin(
        true,
        answering(() => Promise.reject(new Error('Network Error'))),
      ),
    ).toEqual({
      status: 'failed',
    });
  });
});
