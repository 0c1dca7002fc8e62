// Fails when a bundle exceeds its gzip budget (DESIGN §9; budgets in package.json "sizeBudgets", in KB).
import { elementFiles, gzipFile, kb, readBudgets, workChatBundle } from './bundle-sizes.mjs';

const budgets = readBudgets();
const rows = [];
const check = (name, bytes, budgetKb, note = '') =>
  rows.push({ name, bytes, budgetKb, note, ok: bytes <= budgetKb * 1024 });

check('dist/ph-widgets.js (classic, all elements)', gzipFile('dist/ph-widgets.js'), budgets.classicKb);
for (const file of elementFiles()) check(`${file} (own chunk)`, gzipFile(file), budgets.elementKb);
// ph-widgets/react: the components' own code; React (a peer) and dist/core (shared with ph-widgets/core) are imports.
check('dist/react/index.js (React entry, without React and core)', gzipFile('dist/react/index.js'), budgets.reactKb);
const workChat = workChatBundle(budgets.workChatElements);
check(
  `work-chat page (${budgets.workChatElements.join(' + ')} + runtime)`,
  workChat.gzip,
  budgets.workChatKb,
  workChat.missing.length ? `not built yet: ${workChat.missing.join(', ')}` : '',
);
// The upload engine is a chunk of its own (rollup.config.mjs): a work-chat page never uploads, so never loads it.
const uploadChunks = workChat.files.filter((file) => /[\\/]upload-[\w-]+\.js$/.test(file));
if (uploadChunks.length) rows.push({ ...rows.at(-1), ok: false, note: `loads the upload engine: ${uploadChunks}` });

for (const row of rows) {
  const mark = row.ok ? 'ok  ' : 'OVER';
  console.log(
    `${mark} ${kb(row.bytes).padStart(9)} / ${String(row.budgetKb).padStart(3)} KB  ${row.name}${row.note ? `  (${row.note})` : ''}`,
  );
}
const over = rows.filter((row) => !row.ok);
if (over.length) {
  console.error(`${over.length} bundle(s) over their gzip budget.`);
  process.exit(1);
}
