import { expect } from '@open-wc/testing';
import type { CustomElementDeclaration, CustomElementField, Package } from 'custom-elements-manifest';
import { core, loadElements } from './bundles';

// Seen twice under load on CI (issue 24): something on this page sent it to /login?redirect_uri=… (a lost-session
// redirect) midway, which ended the file. Not found yet; navigation is recorded here instead of followed, so the
// manifest is still checked, and what was asked for is printed (see the closing note of the session).
const location = core.memoryLocation(window.location.href);
core.setLocationAdapter(location);
after(() => {
  if (location.visited.length) console.warn(`manifest.test: the page asked to go to ${location.visited.join(', ')}`);
});

// dist/custom-elements.json is generated from the sources; this holds it to the elements as Chromium registers them.
const manifest = (await (await fetch('/dist/custom-elements.json')).json()) as Package;
const elements = manifest.modules.flatMap((module) =>
  (module.declarations ?? []).map((declaration) => ({
    module: module.path,
    ...(declaration as CustomElementDeclaration),
  })),
);

describe('dist/custom-elements.json against the registered elements', () => {
  it('lists every element module that was built', () => {
    expect(elements.map((element) => element.module)).to.deep.equal(
      elements.map((element) => `dist/elements/${element.tagName}.js`),
    );
    expect(elements.map((element) => element.tagName)).to.include.members(['ph-login', 'ph-modal']);
  });

  for (const element of elements) {
    it(`<${element.tagName}>: its attributes are exactly the observed attributes`, async () => {
      await loadElements(element.tagName!);
      const registered = customElements.get(element.tagName!) as unknown as { observedAttributes: string[] };
      const observed = [...registered.observedAttributes].sort();
      const documented = (element.attributes ?? []).map((attribute) => attribute.name).sort();
      expect(documented).to.deep.equal(observed);
    });

    it(`<${element.tagName}>: its properties exist on the element and reflect their attributes`, async () => {
      await loadElements(element.tagName!);
      const instance = document.createElement(element.tagName!) as HTMLElement & Record<string, unknown>;
      for (const member of (element.members ?? []) as CustomElementField[]) {
        expect(member.name in instance, `${element.tagName}.${member.name}`).to.equal(true);
        if (!member.attribute) continue;
        if (member.type?.text === 'boolean') {
          instance.setAttribute(member.attribute, '');
          expect(instance[member.name], `${member.attribute} → ${member.name}`).to.equal(true);
          instance.removeAttribute(member.attribute);
          expect(instance[member.name], `no ${member.attribute} → ${member.name}`).to.equal(false);
        } else if (member.type?.text === 'number') {
          instance.setAttribute(member.attribute, '3');
          expect(instance[member.name], `${member.attribute} → ${member.name}`).to.equal(3);
        } else {
          instance.setAttribute(member.attribute, 'dialog');
          expect(instance[member.name], `${member.attribute} → ${member.name}`).to.equal('dialog');
        }
      }
    });
  }
});
