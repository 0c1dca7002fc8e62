// Where Debian's Chromium lives and how every test tier launches it (as root, in a closed network). The tiers run
// Debian's chromium-headless-shell, the headless-only build that Playwright itself runs headless pages in: the same
// Blink and V8 as the full browser (same version), without its browser UI layer. The e2e tier's Chromium CPU came
// down from 38 to 13 CPU seconds for the desktop file (issue 24).
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

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
