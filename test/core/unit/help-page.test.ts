import { describe, expect, it } from 'vitest';
import { siteOf } from '../../../src/core/routes';
import { helpPageAddress } from '../../../src/core/unit';

// The reference site's help page (issue 56 item 11): back only to this site, and the token out of its address.
// Issue 67: `redUrl` goes through safeUrl, and `back` is the resolved URL's own href, never a path rebuilt from it.

const HELP = 'https://school.example/help/';
const withRedUrl = (redUrl: string) => `${HELP}?redUrl=${encodeURIComponent(redUrl)}&accessToken=tok`;

describe('helpPageAddress', () => {
  it('goes back to a redUrl of this site, as an absolute URL of it, and drops the token from its own address', () => {
    const href = `${HELP}?redUrl=${encodeURIComponent('https://school.example/pages/a/?x=1#top')}&accessToken=tok&unitId=u1`;
    expect(helpPageAddress(href)).toEqual({
      back: 'https://school.example/pages/a/?x=1#top',
      clean: `${HELP}?redUrl=${encodeURIComponent('https://school.example/pages/a/?x=1#top')}&unitId=u1`,
    });
    expect(helpPageAddress(`${HELP}?redUrl=%2Fdemo%2F`).back).toBe('https://school.example/demo/');
  });

  it.each([
    ['another host', 'https://evil.example/pages/a/'],
    ['a scheme-relative host', '//evil.example/x'],
    ['a backslash host', '/\\evil.example/x'],
    ['a tab in the slashes', '/\t/evil.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['another port', 'https://school.example:8443/x'],
  ])('offers no way back to %s', (_, redUrl) => {
    const { back, clean } = helpPageAddress(withRedUrl(redUrl));
    expect(back).toBe('');
    expect(Object.fromEntries(new URL(clean).searchParams)).toEqual({ redUrl });
  });

  it.each([
    ['/.//evil.example/phish', 'https://school.example//evil.example/phish'],
    ['/..//evil.example/phish', 'https://school.example//evil.example/phish'],
    ['/%2e//evil.example/phish', 'https://school.example//evil.example/phish'],
    ['/a/..//evil.example', 'https://school.example//evil.example'],
  ])('keeps %j on this site: %s (the probe’s vector once gave //evil.example/phish)', (redUrl, back) => {
    const address = helpPageAddress(withRedUrl(redUrl));
    expect(address.back).toBe(back);
    // Followed from the help page, the link stays on the school's host.
    expect(new URL(address.back, HELP).host).toBe('school.example');
  });

  it('resolves under the platform prefix when given the page site', () => {
    const site = siteOf(HELP, { apiBase: '/platform' });
    expect(helpPageAddress(withRedUrl('/pages/a/'), site).back).toBe('https://school.example/platform/pages/a/');
  });

  it('leaves an address without redUrl or token as it is', () => {
    expect(helpPageAddress(HELP)).toEqual({ back: '', clean: HELP });
  });
});
