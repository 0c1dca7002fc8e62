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
  // The example's network, which an example may slow or cut to show an upload in motion or failing.
  const network = { delayMs: 0, offline: false };
  const nativeSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(body) {
    this.withCredentials = false;
    if (token) this.setRequestHeader('Authorization', `Bearer ${token}`);
    if (network.offline) {
      setTimeout(() => this.dispatchEvent(new ProgressEvent('error')));
      return undefined;
    }
    if (network.delayMs) {
      // Held back, the request is not sent yet: an abort meanwhile (a pause, a cancel) must drop it and say so, as
      // XMLHttpRequest itself fires no abort event before send.
      const timer = setTimeout(() => {
        delete this.abort;
        nativeSend.call(this, body);
      }, network.delayMs);
      this.abort = () => {
        clearTimeout(timer);
        delete this.abort;
        XMLHttpRequest.prototype.abort.call(this);
        this.dispatchEvent(new ProgressEvent('abort'));
      };
      return undefined;
    }
    return nativeSend.call(this, body);
  };

  /**
   * A demo account's token, kept for the tab so that the site's examples sign in once each. The examples of a page
   * load together: a lock per account lets the first sign in while the others wait for its token, as a burst of
   * sign-ins to one account is what the server's guard against guessing refuses.
   */
  function signIn(name) {
    return navigator.locks.request(`ph-docs.sign-in.${name}`, () => tokenOf(name));
  }

  async function tokenOf(name) {
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
    /** A file of `bytes` whose start is random: never one the server already has, so it is really sent. */
    file(name, bytes) {
      const head = crypto.getRandomValues(new Uint8Array(Math.min(bytes, 65536)));
      return new File([head, new Uint8Array(bytes - head.length)], name);
    },
    /** Every upload request waits `ms` before it leaves: a slow connection, to watch an upload move. */
    slowNetwork(ms) {
      network.delayMs = ms;
    },
    /** Upload requests fail as on a dropped connection, before they reach the server. */
    offline() {
      network.offline = true;
    },
    /** Files are read at `bytesPerSecond` (a slow disk), on this page's thread, to watch a file being hashed. */
    slowDisk(bytesPerSecond) {
      window.Worker = undefined;
      const nativeStream = Blob.prototype.stream;
      Blob.prototype.stream = function stream() {
        const reader = nativeStream.call(this).getReader();
        return new ReadableStream({
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            await new Promise((resolve) => setTimeout(resolve, (value.byteLength / bytesPerSecond) * 1000));
            controller.enqueue(value);
          },
        });
      };
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

  // A gallery grows to fit what it shows (it wraps differently at each width): its height goes to the site.
  if ('fit' in document.documentElement.dataset && window.parent !== window) {
    new ResizeObserver(() => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      window.parent.postMessage({ type: 'ph-docs-height', height }, location.origin);
    }).observe(document.documentElement);
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.data?.type !== 'ph-docs') return;
    if (event.data.language) PH.setLanguage(event.data.language);
    if ('theme' in event.data) applyTheme(event.data.theme);
  });
})();
