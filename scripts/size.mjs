// Fails when a bundle exceeds its gzip budget (DESIGN §9; budgets in package.json "sizeBudgets", in KB).
import { basename } from 'node:path';
import { elementFiles, gzipFile, kb, lazyClosure, readBudgets, workChatBundle } from './bundle-sizes.mjs';
import { consumerBundle, reactApp } from './consumer-bundle.mjs';

const budgets = readBudgets();
const rows = [];
const check = (name, bytes, budgetKb, note = '') =>
  rows.push({ name, bytes, budgetKb, note, ok: bytes <= budgetKb * 1024 });

check('dist/ph-widgets.js (classic, all elements)', gzipFile('dist/ph-widgets.js'), budgets.classicKb);
// An element's own code: its module and the chunks of its own it loads later (a lazily shown widget).
// The main-thread MD5 engines (rollup.config.mjs) are a fallback loaded only where no worker starts: a row of their own.
const isFallback = (chunk) => /^engine-[\w-]+\.js$/.test(basename(chunk));
const fallbacks = new Set();
// zh-HK's converter (chunk `hk`) is loaded by the runtime for zh-HK pages only: a row of its own too.
const isHongKong = (chunk) => /^hk-[\w-]+\.js$/.test(basename(chunk));
const hongKong = new Set();
for (const file of elementFiles()) {
  const lazy = lazyClosure(file).filter(
    (chunk) => !(isFallback(chunk) && fallbacks.add(chunk)) && !(isHongKong(chunk) && hongKong.add(chunk)),
  );
  const own = lazy.reduce((sum, chunk) => sum + gzipFile(chunk), gzipFile(file));
  const lazyNote = lazy.length ? ` + lazy ${lazy.map((chunk) => basename(chunk)).join(', ')}` : '';
  const element = basename(file, '.js');
  check(`${file}${lazyNote} (own chunks)`, own, budgets.elementKbFor?.[element] ?? budgets.elementKb);
}
for (const chunk of fallbacks)
  check(`${chunk} (MD5 fallback, only where no worker starts)`, gzipFile(chunk), budgets.elementKb);
for (const chunk of [...hongKong, 'dist/ph-widgets.hk.js'])
  check(`${chunk} (zh-HK converter, only for zh-HK)`, gzipFile(chunk), budgets.hkKb);
// ph-widgets/react as an app ships it (issue 68): an app that renders one component, built with Rollup, less the same
// app with React alone; what the component loads later (the uploader, zh-HK's converter) is told, not counted.
const reactAlone = await consumerBundle(reactApp(null));
for (const [component, budgetKb] of Object.entries(budgets.reactAppKb)) {
  const app = await consumerBundle(reactApp(component));
  const later = app.lazy ? `, + ${kb(app.lazy).trim()} loaded later` : '';
  check(
    `an app importing only ${component} from ph-widgets/react, over React alone (${kb(reactAlone.start).trim()})`,
    app.start - reactAlone.start,
    budgetKb,
    `${kb(app.start).trim()} in all${later}`,
  );
}
const workChat = workChatBundle(budgets.workChatElements);
check(
  `work-chat page (${budgets.workChatElements.join(' + ')} + runtime)`,
  workChat.gzip,
  budgets.workChatKb,
  workChat.missing.length ? `not built yet: ${workChat.missing.join(', ')}` : '',
);
const workChatLazy = budgets.workChatElements.flatMap((name) => lazyClosure(`dist/elements/${name}.js`));
const shownLater = workChatLazy.reduce((sum, chunk) => sum + gzipFile(chunk), 0);
// The upload engine is a chunk of its own (rollup.config.mjs): a work-chat page never uploads, so never loads it.
const uploadChunks = workChat.files.filter((file) => /[\\/]upload-[\w-]+\.js$/.test(file));
if (uploadChunks.length) rows.push({ ...rows.at(-1), ok: false, note: `loads the upload engine: ${uploadChunks}` });

for (const row of rows) {
  const mark = row.ok ? 'ok  ' : 'OVER';
  console.log(
    `${mark} ${kb(row.bytes).padStart(9)} / ${String(row.budgetKb).padStart(3)} KB  ${row.name}${row.note ? `  (${row.note})` : ''}`,
  );
}
if (shownLater)
  console.log(`info ${kb(shownLater).padStart(9)}           more when the work-chat page shows a lazy widget`);
const over = rows.filter((row) => !row.ok);
if (over.length) {
  console.error(`${over.length} bundle(s) over their gzip budget.`);
  process.exit(1);
}
