import ts from '@typescript/typescript6';

/**
 * How the build tests type-check code a page author writes against the package's declarations (manifest-types,
 * ph-global): strict, ES2022 modules resolved as a bundler resolves them, the DOM, no @types packages.
 */
export const PAGE_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
};
