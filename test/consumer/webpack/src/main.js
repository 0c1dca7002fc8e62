// The elements in a webpack 5 app, as README's bundler example starts them: phinit, then initLanguage() so that
// ?language=zh-HK is honoured; a sign-in that stays (redirect="none"), and an uploader whose ph-uploader-success names
// the file's MD5. ph-face and ph-voice are imported so that webpack meets every file they load by URL.
import 'ph-widgets/elements/ph-face';
import 'ph-widgets/elements/ph-login';
import 'ph-widgets/elements/ph-uploader';
import 'ph-widgets/elements/ph-voice';
import { initLanguage, phinit } from 'ph-widgets/core';

// `languagePack: {}`: this app has no page language file of the platform's (§7), so none is asked for in zh-HK or en
// (the elements carry their own text in the three languages).
phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
void initLanguage();

const login = document.createElement('ph-login');
login.redirect = 'none';
const uploader = document.createElement('ph-uploader');
uploader.autoStart = true;
const md5 = document.createElement('output');
md5.id = 'md5';
uploader.addEventListener('ph-uploader-success', (event) => {
  md5.textContent = event.detail.md5;
});
document.querySelector('main')?.append(login, uploader, md5);
