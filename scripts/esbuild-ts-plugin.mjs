// TypeScript for the rollup builds through esbuild's transform: types stripped, JSX compiled, nothing checked.
// `npm run typecheck` (tsc over the whole program) is the one type check; @rollup/plugin-typescript checked the whole
// program again for each of the six builds, which was most of the build's CPU (issue 24: `npm test` in 8 minutes).
import { transform } from 'esbuild';

const TYPESCRIPT = /\.tsx?$/;

/** @returns {import('rollup').Plugin} */
export function esbuildTypeScript() {
  return {
    name: 'esbuild-typescript',
    async transform(code, id) {
      if (!TYPESCRIPT.test(id) || id.includes('/node_modules/')) return null;
      const result = await transform(code, {
        loader: id.endsWith('x') ? 'tsx' : 'ts',
        target: 'es2022',
        format: 'esm',
        jsx: 'automatic',
        sourcemap: 'external',
        sourcefile: id,
        sourcesContent: true,
        // tsconfig.json's settings that change the emitted code.
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
      });
      // Our sources are never side-effect free as a whole: node-resolve would otherwise read package.json's
      // `sideEffects` (meant for dist/) and drop an element's `import './ph-face/define'` from the classic bundle.
      return { code: result.code, map: result.map, moduleSideEffects: true };
    },
  };
}
