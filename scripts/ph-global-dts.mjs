// Writes dist/ph-global.d.ts: the globals a page gets from dist/ph-widgets.js (`PH` and the legacy `phinit`), for
// page authors who check plain JavaScript with `// @ts-check` (README "Helper kit"). It points at the declarations
// tsc wrote to dist/types, so the types are the sources' own.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';

const KIT = 'dist/types/elements/page-kit.d.ts';
if (!existsSync(KIT)) {
  console.error(`${KIT} is missing: run tsc -p tsconfig.build.json first.`);
  process.exit(1);
}

// The elements the classic bundle defines (every src/elements/ph-*/define.ts, as in rollup.config.mjs) bring their
// tag-name map entries and typed ph-* events.
const elements = readdirSync('src/elements', { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && entry.name.startsWith('ph-') && existsSync(`src/elements/${entry.name}/define.ts`),
  )
  .map((entry) => `/// <reference path="./types/elements/${entry.name}/define.d.ts" />\n`)
  .join('');

writeFileSync(
  'dist/ph-global.d.ts',
  `// Globals of a page that loads dist/ph-widgets.js. In a plain script: // @ts-check, then
// /// <reference path="…/ph-widgets/dist/ph-global.d.ts" /> (or list this file in jsconfig.json).
${elements}import type { GlobalPhinit, PhClassicGlobal } from './types/elements/page-kit';

declare global {
  /** The page API and helper kit of legacy module pages. */
  var PH: PhClassicGlobal;
  /** The legacy global phinit: throws 'phinit 方法未发现PH全局变量' before PH exists. */
  var phinit: GlobalPhinit;
}

export type { GlobalPhinit, PhClassicGlobal };
`,
);
