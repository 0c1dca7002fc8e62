import { describe, expect, it, vi } from 'vitest';
import { footerContent, helpCenterLink } from '../../../src/core/unit';

const filing = { baImg: '/img/a.svg', baContent: '京ICP备1号', baUrl: 'https://beian.miit.gov.cn/', showImg: true };
const decoration = (footerMsg: unknown) => JSON.stringify({ footerMsg });

describe('footerContent (§2 Footer, §3 decorationSet)', () => {
  it('reads copyright, filing entries and the help center from decorationSet', () => {
    const warn = vi.fn();
    const content = footerContent(
      {
        footer: 'plain',
        link: 'https://school.example/',
        decorationSet: decoration({
          show: true,
          showBaMsg: true,
          copyright: '© 2026 School',
          helpCenter: 'https://help.example/',
          baList: [filing, { baContent: '' }, { baContent: 'x', baUrl: 'javascript:alert(1)', showImg: 'yes' }],
        }),
      },
      warn,
    );
    expect(content).toEqual({
      copyright: '© 2026 School',
      link: 'https://school.example/',
      filings: [filing, { baContent: 'x', baUrl: '', baImg: '', showImg: false }],
      helpCenter: 'https://help.example/',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows no filing entries unless showBaMsg is true', () => {
    const content = footerContent({ footer: 'c', decorationSet: decoration({ baList: [filing] }) });
    expect(content.filings).toEqual([]);
  });

  it('falls back to the plain footer with one warning for a malformed decorationSet', () => {
    for (const decorationSet of ['{not json', '"a string"', '[]', decoration([1]), 'null']) {
      const warn = vi.fn();
      const content = footerContent({ footer: '© plain', link: 'javascript:alert(1)', decorationSet }, warn);
      expect(content, decorationSet).toEqual({ copyright: '© plain', link: '', filings: [], helpCenter: '' });
      expect(warn, decorationSet).toHaveBeenCalledTimes(1);
    }
  });

  it('says nothing about an empty decorationSet or a missing config', () => {
    const warn = vi.fn();
    expect(footerContent({ footer: 'c', decorationSet: '' }, warn).copyright).toBe('c');
    expect(footerContent(null, warn)).toEqual({ copyright: '', link: '', filings: [], helpCenter: '' });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('helpCenterLink (§2: redUrl, accessToken, unitId)', () => {
  const ctx = { href: 'http://school.example/pages/x/index.html', accessToken: 'tok', unitId: 'u1' };

  it('carries the token to an https help center or this origin', () => {
    const link = new URL(helpCenterLink('https://help.example/center', ctx));
    expect(Object.fromEntries(link.searchParams)).toEqual({ redUrl: ctx.href, accessToken: 'tok', unitId: 'u1' });
    expect(new URL(helpCenterLink('/help', ctx)).searchParams.get('accessToken')).toBe('tok');
  });

  it('never sends the token over plain http to another host', () => {
    const link = new URL(helpCenterLink('http://help.example/center', ctx));
    expect(link.searchParams.get('accessToken')).toBeNull();
    expect(link.searchParams.get('unitId')).toBe('u1');
  });

  it('gives no link without a help center', () => {
    expect(helpCenterLink('', ctx)).toBe('');
  });
});
