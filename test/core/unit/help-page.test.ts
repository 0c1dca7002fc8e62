import { describe, expect, it } from 'vitest';
import { helpPageAddress } from '../../../src/core/unit';

// The reference site's help page (issue 56 item 11): back only to this site, and the token out of its address.

const HELP = 'https://school.example/help/';

describe('helpPageAddress', () => {
  it('goes back to a redUrl of this site, as a path, and drops the token from its own address', () => {
    const href = `${HELP}?redUrl=${encodeURIComponent('https://school.example/pages/a/?x=1#top')}&accessToken=tok&unitId=u1`;
    expect(helpPageAddress(href)).toEqual({
      back: '/pages/a/?x=1#top',
      clean: `${HELP}?redUrl=${encodeURIComponent('https://school.example/pages/a/?x=1#top')}&unitId=u1`,
    });
    expect(helpPageAddress(`${HELP}?redUrl=%2Fdemo%2F`).back).toBe('/demo/');
  });

  it.each([
    ['another host', 'https://evil.example/pages/a/'],
    ['a scheme-relative host', '//evil.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['another port', 'https://school.example:8443/x'],
  ])('offers no way back to %s', (_, redUrl) => {
    const { back, clean } = helpPageAddress(`${HELP}?redUrl=${encodeURIComponent(redUrl)}&accessToken=tok`);
    expect(back).toBe('');
    expect(Object.fromEntries(new URL(clean).searchParams)).toEqual({ redUrl });
  });

  it('leaves an address without redUrl or token as it is', () => {
    expect(helpPageAddress(HELP)).toEqual({ back: '', clean: HELP });
  });
});
