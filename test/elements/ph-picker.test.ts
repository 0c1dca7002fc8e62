import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ColorPickerChange } from '../../src/core';
import { core, loadElements } from './bundles';
import { waitUntil } from './wait';

await loadElements('ph-picker');

// <ph-picker> (§2 colour and font picker, §3 payload, §9 default #000): what it shows, what it says in each
// language, and the ph-picker-change each change by keyboard fires.

type PickerElement = HTMLElement & { color?: string; fontSize?: string; fontFamily?: string };

const inside = <T extends Element>(picker: PickerElement, selector: string) =>
  picker.shadowRoot?.querySelector<T>(selector) ?? null;

async function rendered(picker: PickerElement): Promise<void> {
  await waitUntil(() => inside(picker, '[part~=preview]'), 'the picker renders');
}

/** The next ph-picker-change's payload, after `act`. */
async function changeAfter(picker: PickerElement, act: () => Promise<unknown>): Promise<ColorPickerChange> {
  const event = oneEvent(picker, 'ph-picker-change');
  await act();
  return ((await event) as CustomEvent<ColorPickerChange>).detail;
}

describe('ph-picker', () => {
  beforeEach(() => core.$language.set('zh-CN'));

  it('starts at #000, 14px, Microsoft YaHei, and shows the sample in them', async () => {
    const picker = await fixture<PickerElement>(html`<ph-picker></ph-picker>`);
    await rendered(picker);
    expect(inside<HTMLInputElement>(picker, 'input[type=radio]:checked')?.value).to.equal('#000');
    expect(inside<HTMLSelectElement>(picker, '[part~=size]')?.value).to.equal('14px');
    expect(inside<HTMLSelectElement>(picker, '[part~=family]')?.value).to.equal('Microsoft YaHei');
    expect([...(inside<HTMLSelectElement>(picker, '[part~=size]')?.options ?? [])].map((o) => o.value)).to.deep.equal([
      '12px',
      '14px',
      '16px',
      '18px',
      '20px',
    ]);
    const preview = getComputedStyle(inside(picker, '[part~=preview]') as Element);
    expect([preview.color, preview.fontSize]).to.deep.equal(['rgb(0, 0, 0)', '14px']);
  });

  it('fires ph-picker-change with the whole choice for each change by keyboard', async () => {
    const picker = await fixture<PickerElement>(
      html`<ph-picker color="#c00000" font-size="18px" font-family="KaiTi"></ph-picker>`,
    );
    await rendered(picker);
    inside<HTMLSelectElement>(picker, '[part~=size]')?.focus();
    expect(await changeAfter(picker, () => sendKeys({ press: 'ArrowDown' }))).to.deep.equal({
      color: '#c00000',
      fontSize: '20px',
      fontFamily: 'KaiTi',
    });
    inside<HTMLSelectElement>(picker, '[part~=family]')?.focus();
    expect(await changeAfter(picker, () => sendKeys({ press: 'ArrowUp' }))).to.deep.equal({
      color: '#c00000',
      fontSize: '20px',
      fontFamily: 'SimSun',
    });
    // The swatches are one radio group: the arrow keys move the choice.
    inside<HTMLInputElement>(picker, 'input[type=radio]:checked')?.focus();
    expect((await changeAfter(picker, () => sendKeys({ press: 'ArrowRight' }))).color).to.equal('#e36c09');
  });

  it('shows what the page sets later in place of the choice made before', async () => {
    const picker = await fixture<PickerElement>(html`<ph-picker font-size="18px"></ph-picker>`);
    await rendered(picker);
    inside<HTMLSelectElement>(picker, '[part~=size]')?.focus();
    expect((await changeAfter(picker, () => sendKeys({ press: 'ArrowUp' }))).fontSize).to.equal('16px');
    picker.setAttribute('color', '#0070c0');
    await waitUntil(() => inside<HTMLInputElement>(picker, 'input[type=radio]:checked')?.value === '#0070c0', 'blue');
    expect(inside<HTMLInputElement>(picker, '[part~=hex]')?.value).to.equal('#0070c0');
    expect(inside<HTMLSelectElement>(picker, '[part~=size]')?.value).to.equal('18px');
  });

  it('takes a typed hex colour, and says a text that is none is no colour without firing', async () => {
    const picker = await fixture<PickerElement>(html`<ph-picker></ph-picker>`);
    await rendered(picker);
    const hex = inside<HTMLInputElement>(picker, '[part~=hex]') as HTMLInputElement;
    hex.select();
    hex.focus();
    const fired: ColorPickerChange[] = [];
    picker.addEventListener('ph-picker-change', (event) => fired.push(event.detail));
    await sendKeys({ type: '#12' });
    await waitUntil(() => inside(picker, '[role=alert]'), 'the hex field says it holds no colour');
    expect(inside(picker, '[role=alert]')?.textContent).to.contain('#');
    expect(hex.getAttribute('aria-invalid')).to.equal('true');
    expect(fired).to.deep.equal([]);
    await sendKeys({ type: '3' });
    await waitUntil(() => fired.length === 1, 'a change once the text is a colour');
    expect(fired[0]).to.deep.equal({ color: '#123', fontSize: '14px', fontFamily: 'Microsoft YaHei' });
    expect(inside(picker, '[role=alert]')).to.equal(null);
    expect(inside<HTMLInputElement>(picker, 'input[type=color]')?.value).to.equal('#112233');
  });

  it('names its controls and the families in zh-CN, en and zh-HK', async () => {
    const picker = await fixture<PickerElement>(html`<ph-picker></ph-picker>`);
    await rendered(picker);
    const words = () => [
      inside(picker, '[part~=picker]')?.getAttribute('aria-label'),
      inside(picker, 'option[value=KaiTi]')?.textContent,
      inside(picker, 'input[value="#c00000"]')?.getAttribute('aria-label'),
    ];
    expect(words()).to.deep.equal(['颜色与字体', '楷体', '深红']);
    core.$language.set('en');
    await waitUntil(() => words()[0] === 'Colour and font', 'English');
    expect(words()).to.deep.equal(['Colour and font', 'KaiTi', 'Dark red']);
    core.$language.set('zh-HK');
    await waitUntil(() => words()[0] === '顏色與字體', 'Hong Kong Chinese');
    expect(words()).to.deep.equal(['顏色與字體', '楷體', '深紅']);
  });
});
