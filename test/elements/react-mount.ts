import { createRoot, type Root } from 'react-dom/client';

/** Where a suite renders React components of ours from src/ or dist/react: the page's React (react-esm.mjs). */
export interface ReactMount {
  readonly host: HTMLElement;
  readonly root: Root;
}

/** A `<div>` in the page with a React root of its own, made before each test of the calling suite and removed after. */
export function reactMountPerTest(): ReactMount {
  const mount = {} as { host: HTMLElement; root: Root };
  beforeEach(() => {
    mount.host = document.createElement('div');
    document.body.append(mount.host);
    mount.root = createRoot(mount.host);
  });
  afterEach(() => {
    mount.root.unmount();
    mount.host.remove();
  });
  return mount;
}
