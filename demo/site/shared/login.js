// The login page's start, loaded after the widgets' ph-login module (which installed window.PH, with the texts of the
// login shell: no language file is fetched) once the page has painted its server-rendered form (issue 70).
// Sign-in with WeCom or WeChat (inside those apps, or from the icons) goes to the reference server's stand-in of the
// providers' authorisation page; a real deployment leaves socialAuthorize out.
PHSite.start({
  code: 'login',
  appCode: 'base',
  env: 'production',
  device: 'pc',
  languagePack: {},
  loginTickitConifg: { apipath: '/api/sso/ticket/login' },
  socialAuthorize: { qy: { url: '/sso/social/authorize' }, mp: { url: '/sso/social/authorize' } },
  // The QR box's chat-login script: a stand-in of WeCom's wwLogin (a deployment names WeCom's own).
  qrLogin: { script: '/shared/wwlogin-standin.js', agentId: '1000002' },
});
