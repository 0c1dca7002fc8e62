import type * as Core from '../../src/core';

// Element tests load the built bundles, exactly what pages load; types come from the sources they are built from.
// The specifiers are cast so that TypeScript does not look for declarations next to the bundles.

/** dist/core: the same page-wide stores as the element bundles (see src/core/shared). */
export const core = (await import('../../dist/core/index.js' as string)) as typeof Core;

/** Registers elements by loading their ES modules from dist/elements. */
export async function loadElements(...tags: string[]): Promise<void> {
  for (const tag of tags) await import(`../../dist/elements/${tag}.js`);
}
