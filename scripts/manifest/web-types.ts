// dist/web-types.json — what JetBrains IDEs (WebStorm and the others) read about the tags, as VS Code reads its
// custom data: made from the manifest by custom-element-jet-brains-integration, which is meant for exactly this.
// The IDE finds it through package.json's "web-types". The library reads name and version from ./package.json at
// import: `npm run build` and the tests run from the repository's root.

import { getWebTypesData, type Options } from 'custom-element-jet-brains-integration';
import type { Package } from 'custom-elements-manifest';
import { DOCS_URL } from './editor-data';

export const WEB_TYPES_OPTIONS: Options = {
  // Each tag links to its page of the docs site, as VS Code's data does.
  referenceTemplate: (_name, tag) => ({ name: 'ph-widgets docs', url: `${DOCS_URL}${tag}.html` }),
  hideLogs: true,
};

/** The web-types of the manifest's elements (their attributes, events, slots, parts and CSS custom properties). */
export function webTypes(manifest: Package): Record<string, unknown> {
  // The library's CEM type is the manifest schema's, with optional extras; its text is JSON, parsed to be written
  // in the repository's own format.
  return JSON.parse(getWebTypesData(manifest as Parameters<typeof getWebTypesData>[0], WEB_TYPES_OPTIONS));
}
