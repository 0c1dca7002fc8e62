// The docs site's switches: the examples' language and theme, kept for the next page (localStorage), given to each
// example page in its address when it loads and by postMessage afterwards (it re-renders in place); and the snippets'
// copy buttons. A page's own address may name the language (`?language=zh-HK`), so that a link shows the examples
// in it: that wins over the one kept, and the address follows the switch.
const LANGUAGE_KEY = 'ph-docs.language';
const THEME_KEY = 'ph-docs.theme';
const language = document.getElementById('language');
const theme = document.getElementById('theme');
const offered = [...language.options].map((option) => option.value);
const asked = new URLSearchParams(location.search).get('language');
language.value = offered.includes(asked) ? asked : (localStorage.getItem(LANGUAGE_KEY) ?? 'zh-CN');
if (offered.includes(asked)) localStorage.setItem(LANGUAGE_KEY, asked);
theme.value = localStorage.getItem(THEME_KEY) ?? '';

const frames = [...document.querySelectorAll('iframe[data-src]')];
for (const frame of frames) {
  const query = new URLSearchParams({ language: language.value });
  if (theme.value) query.set('theme', theme.value);
  frame.src = `${frame.dataset.src}?${query}`;
}

// A gallery example says how tall it is: its frame grows to show it whole.
window.addEventListener('message', (event) => {
  if (event.origin !== location.origin || event.data?.type !== 'ph-docs-height') return;
  const frame = frames.find((candidate) => candidate.contentWindow === event.source);
  if (frame) frame.style.height = `${event.data.height}px`;
});

function tell(message) {
  for (const frame of frames) frame.contentWindow?.postMessage({ type: 'ph-docs', ...message }, location.origin);
}
language.addEventListener('change', () => {
  localStorage.setItem(LANGUAGE_KEY, language.value);
  if (new URLSearchParams(location.search).has('language')) {
    const address = new URL(location.href);
    address.searchParams.set('language', language.value);
    history.replaceState(null, '', address);
  }
  tell({ language: language.value });
});
theme.addEventListener('change', () => {
  localStorage.setItem(THEME_KEY, theme.value);
  tell({ theme: theme.value });
});

for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const text = button.nextElementSibling?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
  });
}
