import { expect, fixture, html } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { control, dialog, findControl, root, signedInPage } from './header-helpers';
import { freshPage, noticeTexts } from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-footer');

// <ph-footer> against the reference server (spec §2 Footer, §3 unit login-page config and version info, §4).

async function mountFooter(template = html`<ph-footer></ph-footer>`): Promise<HTMLElement> {
  const footer = await fixture<HTMLElement>(template);
  await waitUntil(() => root(footer).querySelector('[part~="copyright"]'), 'the footer content did not load');
  return footer;
}

describe('ph-footer', () => {
  it('shows the copyright, the filing entries and the help center with the unit and the way back', async () => {
    await signedInPage('teacher');
    const footer = await mountFooter();
    expect(root(footer).querySelector('[part~="copyright"]')?.textContent).to.contain('示范实验学校');
    const filings = [...root(footer).querySelectorAll('[part~="filing"]')];
    expect(filings.map((entry) => entry.textContent)).to.deep.equal([
      '京ICP备00000000号-1',
      '京公网安备 11000000000000号',
    ]);
    // showImg: only the second entry carries its image.
    expect(filings.map((entry) => entry.querySelectorAll('img').length)).to.deep.equal([0, 1]);
    const help = new URL((control(footer, '帮助中心') as HTMLAnchorElement).href);
    // The seed's help center is the reference site's own page (issue 56): a site path, on this origin.
    expect(help.origin).to.equal(location.origin);
    expect(help.pathname).to.equal('/help/');
    expect(help.searchParams.get('unitId')).to.equal('unit-school');
    expect(help.searchParams.get('redUrl')).to.match(/\/pages\/notice\/pc_notice_tm\/index\.html$/);
  });

  it('marks its host data-ph-settled once its content is in, so a page can show it in place (issue 36)', async () => {
    await signedInPage('teacher');
    const footer = document.createElement('ph-footer');
    const marks: string[] = [];
    new MutationObserver(() =>
      marks.push(
        `${footer.hasAttribute('data-ph-settled')} ${Boolean(root(footer).querySelector('[part~="copyright"]'))}`,
      ),
    ).observe(footer, { attributeFilter: ['data-ph-settled'] });
    document.body.append(footer);
    await waitUntil(() => footer.hasAttribute('data-ph-settled'), 'the footer never settled');
    expect(marks).to.deep.equal(['true true']);
    footer.remove();
  });

  it('gives every link and button a tap target at least 24 px high (WCAG 2.5.8; issue 36)', async () => {
    await signedInPage('teacher');
    const footer = await mountFooter();
    const targets = [...root(footer).querySelectorAll<HTMLElement>('.footer a, .footer button')];
    expect(targets.length).to.be.at.least(5);
    const low = targets
      .map((target) => ({ text: target.textContent, height: target.getBoundingClientRect().height }))
      .filter((target) => target.height < 24);
    expect(low).to.deep.equal([]);
  });

  it('opens the version dialog with the micro-service info, labelled in the current language', async () => {
    await signedInPage('teacher');
    const footer = await mountFooter();
    control(footer, '版本信息').click();
    await waitUntil(() => dialog(footer, '版本信息')?.querySelector('[part~="version-info"]'), 'no version info');
    const text = dialog(footer, '版本信息')?.textContent ?? '';
    expect(text).to.contain('通知公告');
    expect(text).to.contain('1.1.0');
    expect(text).to.contain('前端版本');
    core.$language.set('en');
    await waitUntil(() => dialog(footer, 'Version info')?.textContent?.includes('Front-end version'));
    await waitUntil(() => root(footer).querySelector('[part~="mask"].shown'));
    await expect(footer).to.be.accessible();
  });

  it('notes the missing version endpoint of §8 in the console, without a toast in production (issue 53)', async () => {
    const notes: string[] = [];
    const info = console.info;
    console.info = (...args: unknown[]) => notes.push(args.join(' '));
    try {
      // survey is no app of the platform: the server has no version endpoint for it (every app's answers, issue 69).
      await signedInPage('teacher', 'survey');
      await mountFooter();
      await waitUntil(() => notes.some((note) => note.includes('survey')), 'no console note');
      expect(notes.find((note) => note.includes('survey'))).to.equal(
        'ph-widgets: 该微服务缺少版本接口（survey），请联系后端工程师',
      );
      expect(noticeTexts()).to.deep.equal([]);
    } finally {
      console.info = info;
    }
  });

  it('raises the missing version endpoint notification of §8 as a toast in development', async () => {
    await signedInPage('teacher', 'survey');
    core.phinit({ code: 'survey', appCode: 'survey', env: 'development', device: 'pc', languagePack: {} });
    await mountFooter();
    await waitUntil(
      () => noticeTexts().some((text) => text.includes('survey')),
      'no notification for the missing version endpoint',
    );
    expect(noticeTexts().find((text) => text.includes('survey'))).to.equal(
      '该微服务缺少版本接口（survey），请联系后端工程师',
    );
  });

  it('checks no version when asked not to, and is accessible signed out', async () => {
    await freshPage('/login');
    core.phinit({ code: 'repair', appCode: 'repair', env: 'production', device: 'pc', languagePack: {} });
    const footer = await mountFooter(html`<ph-footer no-version-check unit-id="unit-school"></ph-footer>`);
    expect(findControl(footer, '关于')).to.not.equal(undefined);
    expect(noticeTexts()).to.deep.equal([]);
    await expect(footer).to.be.accessible();
    control(footer, '关于').click();
    await waitUntil(() => dialog(footer, '关于'), 'no about dialog');
    await waitUntil(() => root(footer).querySelector('[part~="mask"].shown'));
    await expect(footer).to.be.accessible();
    core.$language.set('en');
    await waitUntil(() => dialog(footer, 'About'));
    await expect(footer).to.be.accessible();
  });
});
