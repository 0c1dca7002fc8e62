// `npm run build` writes dist/custom-elements.json and what editors read from it (VS Code's HTML custom data, the
// JSX types of the bare tags); `npm run docs` also rewrites README's element tables from it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildManifest } from './analyze';
import { jsxDeclarations, vscodeCustomData } from './editor-data';
import { renderReadme } from './readme';

const root = resolve(import.meta.dirname, '..', '..');
const manifest = buildManifest(root);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(root, 'dist/vscode.html-custom-data.json'),
  `${JSON.stringify(vscodeCustomData(manifest), null, 2)}\n`,
);
writeFileSync(join(root, 'dist/jsx.d.ts'), jsxDeclarations(manifest));

if (process.argv.includes('--readme')) {
  const path = join(root, 'README.md');
  const before = readFileSync(path, 'utf8');
  const after = renderReadme(before, manifest);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? 'README.md is up to date.' : 'README.md element tables updated.');
}
