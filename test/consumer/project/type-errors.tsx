// Deliberate mistakes: the consumer test expects tsc to report each of them, at these lines, with these codes.
import type {} from 'ph-widgets/jsx';
import 'ph-widgets/elements/ph-login';
import { PhLogin, PhModal, PhUploader } from 'ph-widgets/react';

const login = document.createElement('ph-login');
login.addEventListener('ph-login-success', (e) => e.detail.accessToken); // TS2339: the token never reaches events
export const wrongMode = <PhLogin mode="popup" />; // TS2322: 'inline' | 'dialog'
export const wrongReason = <PhModal onRequestClose={(reason: number) => reason > 0} />; // TS2322: a string reason
export const wrongTagMode = <ph-login mode="popup" />; // TS2322: a bare tag's property is typed too
export const wrongDetail = <ph-uploader onph-uploader-progress={(e) => e.detail.percent} />; // TS2339: no such detail
export const wrongRedirect = <PhLogin redirect="never" />; // TS2322: 'auto' | 'none'
export const wrongUpload = <PhUploader onSuccess={(detail) => detail.percent} />; // TS2339: no such detail
