import { expect } from '@open-wc/testing';
import { loadElements } from './bundles';

describe('an element already defined by another version', () => {
  it('warns once and keeps the other definition instead of throwing', async () => {
    class OtherVersion extends HTMLElement {}
    Object.defineProperty(OtherVersion, Symbol.for('ph-widgets.version'), { value: '0.0.1-other' });
    customElements.define('ph-modal', OtherVersion);

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      await loadElements('ph-modal');
    } finally {
      console.warn = warn;
    }
    expect(customElements.get('ph-modal')).to.equal(OtherVersion);
    expect(warnings.length).to.equal(1);
    expect(warnings[0]).to.contain('<ph-modal>').and.to.contain('0.0.1-other');
  });
});
