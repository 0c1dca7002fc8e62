// The classic script for legacy pages (dist/ph-widgets.js): defines every element and `window.PH`.
import { installGlobals } from './global';
import './ph-login/define';
import './ph-modal/define';

installGlobals();
