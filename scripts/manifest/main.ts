// `npm run build` writes dist/custom-elements.json and what editors read from it (VS Code's HTML custom data,
// JetBrains' web-types, the JSX types of the bare tags); the docs site (scripts/docs-site) reads it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildManifest } from './analyze';
import { jsxDeclarations, vscodeCustomData } from './editor-data';
import { webTypes } from './web-types';

const root = resolve(import.meta.dirname, '..', '..');
const manifest = buildManifest(root);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(root, 'dist/vscode.html-custom-data.json'),
  `${JSON.stringify(vscodeCustomData(manifest), null, 2)}\n`,
);
writeFileSync(join(root, 'dist/web-types.json'), `${JSON.stringify(webTypes(manifest), null, 2)}\n`);
writeFileSync(join(root, 'dist/jsx.d.ts'), jsxDeclarations(manifest));
