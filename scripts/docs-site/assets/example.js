// The docs site's example pages (one per example, in an iframe). Loaded before the widgets, it makes the page its own
// world: every request carries this example's bearer token (or none) and never the browser's cookies, so each
// example is the account it names whoever is signed in elsewhere. Then `example.start` signs in, stamps the
// example's markup, runs the step that reaches its state and marks the body `data-example="ready"`. The site's
// language and theme switches reach it by postMessage and re-render it live.
(() => {
  const PASSWORD = 'Demo@2026';
  const account = document.documentElement.dataset.account || '';
  let token = '';

  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return nativeFetch(input, { ...init, headers, credentials: 'omit' });
  };
  const nativeSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(body) {
    this.withCredentials = false;
    if (token) this.setRequestHeader('Authorization', `Bearer ${token}`);
    return nativeSend.call(this, body);
  };

  /** A demo account's token, kept for the tab so that the site's examples sign in once each. */
  async function signIn(name) {
    const key = `ph-docs.token.${name}`;
    const kept = sessionStorage.getItem(key);
    if (kept) {
      const me = await nativeFetch('/api/uaa/oauth/me', {
        credentials: 'omit',
        headers: { Authorization: `Bearer ${kept}`, 'X-PH-Device': 'pc' },
      });
      if (me.ok) return kept;
    }
    const answer = await nativeFetch('/api/uaa/oauth/login', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', 'X-PH-Device': 'pc' },
      body: JSON.stringify({ username: name, password: PASSWORD }),
    });
    const body = await answer.json();
    if (!body.data?.accessToken) throw new Error(`${name} could not sign in: ${body.message}`);
    sessionStorage.setItem(key, body.data.accessToken);
    return body.data.accessToken;
  }

  const HOSTS = 'ph-login, ph-header, ph-footer, ph-modal, ph-uploader, ph-face, ph-voice, ph-toast-host';
  function applyTheme(color) {
    let style = document.getElementById('ph-docs-theme');
    if (!style) {
      style = document.createElement('style');
      style.id = 'ph-docs-theme';
      document.head.append(style);
    }
    style.textContent = color ? `:root, ${HOSTS} { --ph-color-primary: ${color}; }` : '';
  }

  const example = {
    /** Resolves with the element's shadow root once `selector` matches in it (the element has rendered). */
    rendered(element, selector) {
      return new Promise((resolve) => {
        const look = () => {
          const root = element.shadowRoot;
          if (root?.querySelector(selector)) resolve(root);
          else requestAnimationFrame(look);
        };
        look();
      });
    },
    /** Hands files to a file input as a person choosing them would. */
    choose(input, ...files) {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    async start(play) {
      try {
        const query = new URLSearchParams(location.search);
        applyTheme(query.get('theme') || '');
        if (account) token = await signIn(account);
        await PH.initLanguage();
        const template = document.getElementById('example');
        document.getElementById('stage').append(template.content.cloneNode(true));
        if (play) await play(example);
        document.body.dataset.example = 'ready';
      } catch (error) {
        document.body.dataset.example = 'failed';
        console.error(error);
      }
    },
  };
  window.example = example;

  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.data?.type !== 'ph-docs') return;
    if (event.data.language) PH.setLanguage(event.data.language);
    if ('theme' in event.data) applyTheme(event.data.theme);
  });
})();
