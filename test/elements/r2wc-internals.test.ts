import { expect, fixture, html } from '@open-wc/testing';
import { loadElements } from './bundles';
import { type ModalElement, part, waitShown } from './modal-helpers';
import { waitUntil } from './wait';

await loadElements('ph-modal');

// src/elements/define.ts reaches two private symbols of @r2wc/core (pinned exactly in package.json): the props it
// renders from and its render trigger. When an upgrade changes them, this file fails with a message that says so,
// rather than elements quietly ignoring boolean attributes or attribute removal.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type Internals = ModalElement & { [PROPS]: Record<string, unknown>; [RENDER]: () => void };

describe('the r2wc internals define.ts relies on', () => {
  it('keeps the props under Symbol.for("r2wc.props"), the shadow root among them', async () => {
    const modal = (await fixture<ModalElement>(html`<ph-modal heading="A"></ph-modal>`)) as Internals;
    const props = modal[PROPS];
    expect(typeof props, 'r2wc.props is no longer an object on the element: update define.ts').to.equal('object');
    expect(props.container, 'r2wc.props no longer holds the container: update define.ts').to.equal(modal.shadowRoot);
    expect(props.heading, 'r2wc.props no longer holds parsed attributes: update define.ts').to.equal('A');
    expect(props.open, 'define.ts no longer writes boolean props into r2wc.props').to.equal(false);
  });

  it('re-renders from those props through Symbol.for("r2wc.render")', async () => {
    const modal = (await fixture<ModalElement>(html`<ph-modal open heading="Before">B</ph-modal>`)) as Internals;
    await waitShown(modal);
    expect(typeof modal[RENDER], 'r2wc.render is no longer a method of the element: update define.ts').to.equal(
      'function',
    );
    modal[PROPS].heading = 'After';
    modal[RENDER]();
    await waitUntil(
      () => part(modal, 'title').textContent === 'After',
      'r2wc.render no longer renders from r2wc.props: update define.ts',
    );
  });

  it('reaches the component through them for boolean attributes and attribute removal', async () => {
    const modal = (await fixture<ModalElement>(html`<ph-modal heading="Title" width="300px"></ph-modal>`)) as Internals;
    modal.setAttribute('open', '');
    await waitShown(modal);
    modal.removeAttribute('width');
    await waitUntil(() => modal[PROPS].width === undefined, 'attribute removal did not reach r2wc.props');
    await waitUntil(
      () => part(modal, 'dialog').getBoundingClientRect().width > 300,
      'attribute removal did not re-render through r2wc.render',
    );
  });
});
