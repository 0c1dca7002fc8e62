import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import type * as ShadowHost from '../../src/elements/common/shadow-host';
import { reactMountPerTest } from './react-mount';
import { waitUntil } from './wait';

// Our components in a React app (ph-widgets/react, and the shell's header and footer) render in a shadow root their
// host <div> attaches as it commits. Their first render is a transition (issue 70): an update made while React
// commits is otherwise rendered at once, in the commit's own task, and the shell's commit, the header's first render
// and its effects made one long task on every desktop.

// The build of ph-widgets/react, as apps load it (React from the page: test/elements/react-esm.mjs).
const { inShadowRoot } = (await import('../../dist/react/common/shadow-host.js' as string)) as typeof ShadowHost;

const Probe = () => createElement('p', null, 'inside');
const Hosted = inShadowRoot('ph-probe', Probe);

describe('a component in a shadow root of its own (ph-widgets/react)', () => {
  const mount = reactMountPerTest();

  it('attaches its shadow root as the host commits and renders into it in a later task', async () => {
    flushSync(() => mount.root.render(createElement(Hosted, { className: 'box' })));
    const box = mount.host.querySelector<HTMLElement>('[data-ph-component="ph-probe"]');
    expect(box?.className).to.equal('box');
    expect(box?.shadowRoot, 'the shadow root, attached in the commit').to.exist;
    expect(box?.shadowRoot?.textContent, 'nothing rendered within the commit').to.equal('');
    await waitUntil(() => box?.shadowRoot?.textContent === 'inside', 'the component never rendered');
  });

  it('renders one of ours inside another straight after it, before the browser paints (the header’s voice button)', async () => {
    const Inner = inShadowRoot('ph-inner', Probe);
    const Outer = inShadowRoot('ph-outer', () => createElement(Inner));
    flushSync(() => mount.root.render(createElement(Outer)));
    const outer = mount.host.querySelector('[data-ph-component="ph-outer"]')?.shadowRoot as ShadowRoot;
    // A mutation observer's callback runs before any later task: what the inner one shows when it comes in.
    const innerText = await new Promise<string | undefined>((done) => {
      const observer = new MutationObserver(() => {
        const inner = outer.querySelector('[data-ph-component="ph-inner"]');
        if (!inner) return;
        observer.disconnect();
        done(inner.shadowRoot?.textContent ?? undefined);
      });
      observer.observe(outer, { childList: true, subtree: true });
    });
    expect(innerText).to.equal('inside');
  });
});
