import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { SubAppViewport } from '../../src/shell/viewport/SubAppViewport';
import { reactMountPerTest } from './react-mount';
import { waitUntil } from './wait';

// The shell's sub-application viewport (issue 10 item 5) as a React component in Chromium, loading the reference
// server's seeded demo sub-apps: `/{app}/manifest.json`, then `{fileId}.js` into a container keyed by fileId. The
// grade-entry sub-app keeps a counter in its own DOM, which survives being hidden and not being unmounted.

const mount = reactMountPerTest();

function show(app: string, fileId: string, keepAlive = 5): void {
  flushSync(() => mount.root.render(createElement(SubAppViewport, { app, fileId, keepAlive })));
}

const box = (key: string) => mount.host.querySelector<HTMLElement>(`[data-subapp-key="${key}"]`);
const loaded = (key: string) => waitUntil(() => box(key)?.querySelector('.ph-subapp'), `${key} never loaded`);

describe('the sub-app viewport', () => {
  it('shows only the current sub-app and keeps a hidden one alive, state and all', async () => {
    show('grade', 'grade-entry');
    await loaded('grade/grade-entry');
    const counter = box('grade/grade-entry')?.querySelector('button') as HTMLButtonElement;
    counter.click();
    counter.click();

    show('attendance', 'attendance-today');
    await loaded('attendance/attendance-today');
    expect(box('grade/grade-entry')?.hidden).to.equal(true);
    expect(box('attendance/attendance-today')?.hidden).to.equal(false);

    show('grade', 'grade-entry');
    expect(box('grade/grade-entry')?.hidden).to.equal(false);
    expect(box('attendance/attendance-today')?.hidden).to.equal(true);
    // The same button, not a fresh load: its count is kept.
    expect(box('grade/grade-entry')?.querySelector('button')).to.equal(counter);
    expect(counter.textContent).to.match(/^(计数：|Count: |計數：)2$/);
  });

  it('beyond the keep-alive cap, unmounts the least recently shown and frees its DOM', async () => {
    show('grade', 'grade-entry', 2);
    await loaded('grade/grade-entry');
    show('attendance', 'attendance-today', 2);
    await loaded('attendance/attendance-today');
    // Showing grade-entry again makes attendance the least recently shown.
    show('grade', 'grade-entry', 2);
    show('grade', 'grade-query', 2);
    await loaded('grade/grade-query');
    expect(box('attendance/attendance-today')).to.equal(null);
    expect(mount.host.querySelectorAll('[data-subapp-key]').length).to.equal(2);
    expect(mount.host.querySelector('[data-file-id="attendance-today"]')).to.equal(null);
    expect(box('grade/grade-entry')).to.not.equal(null);
  });
});
