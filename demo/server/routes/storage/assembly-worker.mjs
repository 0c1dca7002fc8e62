// Entry of the assembly worker thread (assembly-thread.ts): the server runs from TypeScript sources (tsx, vitest), and
// a worker thread starts without their loader, so it registers tsx before loading its TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./assembly-worker-body.ts');
