// The docs site's switches: the examples' language and theme, kept for the next page (localStorage), given to each
// example page in its address when it loads and by postMessage afterwards (it re-renders in place); and the snippets'
// copy buttons.
const LANGUAGE_KEY = 'ph-docs.language';
const THEME_KEY = 'ph-docs.theme';
const language = document.getElementById('language');
const theme = document.getElementById('theme');
language.value = localStorage.getItem(LANGUAGE_KEY) ?? 'zh-CN';
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
