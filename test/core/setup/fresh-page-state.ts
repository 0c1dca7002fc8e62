// Before each file of the core tier: the page-wide stores as a fresh page has them, whatever an earlier file of the
// same worker left in them (the tier does not reload core per file: vitest.config.ts says why).
import { beforeAll } from 'vitest';
import { restorePageState } from './page-state';

beforeAll(() => {
  restorePageState();
});
