import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';
const [,, path, width='1366', out='/tmp/look.png', lang='zh-CN'] = process.argv;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs([]) });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') console.log('console', m.type(), m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.addInitScript((l) => localStorage.setItem('ph-docs.language', l), lang);
await page.goto('http://127.0.0.1:8080' + path);
for (const f of await page.locator('iframe.live').all()) {
  const frame = await f.contentFrame();
  try { await frame.locator('body[data-example]').waitFor({ timeout: 20000 }); console.log(await frame.evaluate(() => document.body.dataset.example), await f.getAttribute('data-src')); } catch (e) { console.log('not ready', await f.getAttribute('data-src')); }
}
console.log(await page.evaluate(() => [...document.querySelectorAll('iframe')].map(f => f.src + ' ' + (f.contentDocument?.body?.outerHTML ?? '').slice(0,300))));
await page.screenshot({ path: out, fullPage: true });
await browser.close();
