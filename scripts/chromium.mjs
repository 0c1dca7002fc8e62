// Where Debian's Chromium lives and how every test tier launches it (as root, in a closed network).
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function chromiumArgs(extra = []) {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
    // A test page must run at full speed even when Chromium thinks it is in the background: timers and
    // animation frames of background pages are throttled, which once stalled a whole test file in CI.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
    ...extra,
  ];
}
