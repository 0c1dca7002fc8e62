// The bind page (§2): links the pending third-party identity (query id, from the login's 400 `unbound` answer) to a
// school account with POST /api/uaa/social_bind {id, username, password}, which also signs in; PH.completeLogin
// records that sign-in as the widgets record theirs and goes on to the landing page. Texts come from the widgets (PH.t); messages
// are written as text only.
(() => {
  const query = new URLSearchParams(location.search);
  const pending = {
    id: query.get('id') || '',
    openid: query.get('openid') || '',
    unionid: query.get('unionid') || '',
    deviceId: query.get('deviceId') || '',
  };
  const form = document.getElementById('bind-form');
  const username = document.getElementById('bind-username');
  const password = document.getElementById('bind-password');
  const submit = document.getElementById('bind-submit');
  const formError = document.getElementById('bind-error');
  const ph = window.PH;
  const say = (key) => (ph ? PHSite.text(key) : '');
  const text = (key) => say(`page.bind.${key}`);
  let busy = false;

  function fieldError(input, message) {
    const slot = document.getElementById(`${input.id}-error`);
    if (slot) slot.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function check(input) {
    const empty = input.value.trim() === '';
    const rule = input === username ? 'rules.login.usernameRequired' : 'rules.login.passwordRequired';
    fieldError(input, empty ? say(rule) : '');
    return !empty;
  }

  for (const input of [username, password]) {
    input.addEventListener('change', () => check(input));
    input.addEventListener('blur', () => check(input));
  }

  function setBusy(on) {
    busy = on;
    submit.disabled = on;
    submit.setAttribute('aria-busy', String(on));
    submit.textContent = text(on ? 'busy' : 'submit');
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    formError.textContent = '';
    const ok = [username, password].map(check).every(Boolean);
    if (!ok) {
      (username.value.trim() === '' ? username : password).focus();
      return;
    }
    if (!pending.id) {
      formError.textContent = text('missingId');
      return;
    }
    setBusy(true);
    try {
      const answer = await ph.request({
        url: '/api/uaa/social_bind',
        method: 'post',
        data: { id: pending.id, username: username.value.trim(), password: password.value },
        noIntercept: true,
      });
      ph.notify('success', text('done'));
      // Signed in: recorded as the widgets record a sign-in, then on to the landing page (§4).
      ph.completeLogin(answer);
    } catch (error) {
      // The server's message in the current language (§8: field errors first, else the message).
      formError.textContent = error?.message || text('failed');
      setBusy(false);
    }
  });

  function ready() {
    submit.textContent = text(busy ? 'busy' : 'submit');
    if (!pending.id) formError.textContent = text('missingId');
  }

  // The page switched language in place (site.js): the texts this script wrote follow, what was typed stays.
  document.addEventListener('ph-site-language', () => {
    ready();
    for (const input of [username, password]) if (input.getAttribute('aria-invalid')) check(input);
  });

  // Without the widgets the form cannot post: it stays as the HTML wrote it, its button disabled.
  if (ph) {
    PHSite.start({ code: 'bind', appCode: 'base', env: 'production', device: 'pc', languagePack: {} }).then(
      ready,
      ready,
    );
  } else {
    submit.disabled = true;
  }
})();
