import { expect, fixture, html } from '@open-wc/testing';
import { loadElements } from './bundles';
import { type ModalElement, waitShown } from './modal-helpers';

describe('an element script loaded twice on one page', () => {
  it('keeps the first definition without an exception or a warning', async () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await loadElements('ph-modal');
      const first = customElements.get('ph-modal');
      await import(`../../dist/elements/ph-modal.js?second-copy` as string);
      expect(customElements.get('ph-modal')).to.equal(first);
      expect(warnings).to.deep.equal([]);
    } finally {
      console.warn = warn;
    }
    const modal = await fixture<ModalElement>(html`<ph-modal open heading="Still works">B</ph-modal>`);
    await waitShown(modal);
  });
});
