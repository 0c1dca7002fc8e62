// Entry of the descriptor worker thread: the server runs from TypeScript sources (tsx, vitest), and a worker thread
// starts without their loader, so it registers tsx before loading its TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./describe-faces.ts');
