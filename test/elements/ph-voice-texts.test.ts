import { expect, fixture, html } from '@open-wc/testing';
import { core, loadElements } from './bundles';
import { statusText, type VoiceElement } from './voice-helpers';
import { waitUntil } from './wait';

// <ph-voice> before the page's phinit: no voice controller exists yet (it needs the configuration), and the button
// already shows its hint. A page of its own, so that no controller made by another test has added the texts.

await loadElements('ph-voice');

describe('<ph-voice> before phinit', () => {
  it('shows its hint in the page language, never the text key', async () => {
    core.$language.set('zh-CN');
    const element = await fixture<VoiceElement>(html`<ph-voice></ph-voice>`);
    const tooltip = () => element.shadowRoot?.querySelector('[part~="tooltip"]')?.textContent;
    await waitUntil(() => statusText(element) !== '', 'ph-voice did not render');
    expect(statusText(element)).to.equal('长按说出指令');
    expect(tooltip()).to.equal('长按说出指令');
    core.$language.set('en');
    await waitUntil(() => statusText(element) !== '长按说出指令', 'the hint stayed Chinese');
    expect(statusText(element)).to.equal('Press and hold to speak a command');
    expect(tooltip()).to.equal('Press and hold to speak a command');
  });
});
