// The classic script for legacy pages (dist/ph-widgets.js): defines every element and `window.PH` with the helper
// kit of legacy pages (page-kit.ts).
import { addStrings, LOGIN_SHELL_STRINGS, PAGE_STRINGS } from '../core';
import { installGlobals } from './global';
import { installPageKit } from './page-kit';
import './ph-face/define';
import './ph-login/define';
import './ph-footer/define';
import './ph-header/define';
import './ph-modal/define';
import './ph-picker/define';
import './ph-uploader/define';
import './ph-voice/define';

installGlobals();
installPageKit();
// Legacy and site pages read their own texts through PH.t (the login shell's come with ph-login).
addStrings(PAGE_STRINGS);
addStrings(LOGIN_SHELL_STRINGS);
