// The work-chat page's own script, loaded after the element modules (which installed window.PH) once the page has
// painted its server-rendered form (the server's data-ph-after-paint, issue 70).
const TEXT = {
  'zh-CN': { title: '工作台登录', ways: '登录方式', password: '密码登录', face: '人脸登录' },
  en: { title: 'Work-chat sign-in', ways: 'Ways to sign in', password: 'Password login', face: 'Face login' },
  'zh-HK': { title: '工作台登入', ways: '登入方式', password: '密碼登入', face: '人臉登入' },
};
// This page carries its own texts: no language file is fetched.
// It offers the three languages its links name, as every page with code 'login' now does (issues 35 and 55).
PH.phinit({
  code: 'login',
  appCode: 'base',
  env: 'production',
  device: 'pc',
  languagePack: {},
});
PH.initLanguage().then((language) => {
  const text = TEXT[language];
  document.documentElement.lang = language;
  document.title = text.title;
  for (const node of document.querySelectorAll('[data-text]')) node.textContent = text[node.dataset.text];
  for (const node of document.querySelectorAll('[data-label]'))
    node.setAttribute('aria-label', text[node.dataset.label]);
});

const login = document.getElementById('login');
const faceArea = document.getElementById('face-area');
const usePassword = document.getElementById('use-password');
const useFace = document.getElementById('use-face');

/** Shows one way to sign in. The face widget leaves the page with the other way, which stops the camera. */
function show(way) {
  const face = way === 'face';
  usePassword.setAttribute('aria-pressed', String(!face));
  useFace.setAttribute('aria-pressed', String(face));
  login.hidden = face;
  faceArea.hidden = !face;
  if (face && !faceArea.firstElementChild) {
    const widget = document.createElement('ph-face');
    widget.setAttribute('mode', 'login');
    faceArea.append(widget);
  } else if (!face) {
    faceArea.replaceChildren();
  }
}
usePassword.addEventListener('click', () => show('password'));
useFace.addEventListener('click', () => show('face'));

// Face sign-in is the unit's choice (issue 67): offered once the unit's configuration says it is not off (a §7
// back end names no such setting, and a configuration that cannot be read takes nothing away). The button
// shares the row of the password one, so its coming moves nothing below.
const offerFace = (offered) => {
  useFace.hidden = !offered;
  useFace.parentElement.dataset.faceLogin = offered ? 'offered' : 'off';
};
PH.request({ url: '/api/uaa/oauth/login/unit_config', noIntercept: true }).then(
  (answer) => offerFace(answer?.data?.faceLogin !== false),
  () => offerFace(true),
);
