// Type tests, checked by `npm run typecheck` (tsc over test/): the `ph-*` events page authors listen to are typed
// through GlobalEventHandlersEventMap once an element's module (or its declarations) is imported. Each
// `@ts-expect-error` line fails the typecheck if it stops being an error; nothing here runs.
import { dispatchFrom } from '../../src/elements/define';
import type { PhFaceEventMap } from '../../src/elements/ph-face/define';
import type { PhHeaderEventMap } from '../../src/elements/ph-header/define';
import type { PhLoginEventMap } from '../../src/elements/ph-login/define';
import type { PhModalEventMap } from '../../src/elements/ph-modal/define';
import type { PhUploaderEventMap } from '../../src/elements/ph-uploader/define';

declare const modal: HTMLElementTagNameMap['ph-modal'];
declare const login: HTMLElementTagNameMap['ph-login'];
declare const face: HTMLElementTagNameMap['ph-face'];
declare const header: HTMLElementTagNameMap['ph-header'];
declare const uploader: HTMLElementTagNameMap['ph-uploader'];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const exactly = <A, B>(proof: Equal<A, B>) => proof;

export function listeners(): void {
  modal.addEventListener('ph-modal-close', (event) => {
    exactly<typeof event.detail.reason, 'escape' | 'backdrop' | 'close-button' | 'api'>(true);
  });
  modal.addEventListener('ph-modal-request-close', (event) => {
    exactly<typeof event.detail.reason, 'escape' | 'backdrop' | 'close-button'>(true);
    event.preventDefault();
  });
  // On any element or the document too: the events bubble and are composed.
  document.addEventListener('ph-login-success', (event) => {
    exactly<typeof event.detail.userId, string | undefined>(true);
  });
  login.addEventListener('ph-login-error', (event) => {
    exactly<typeof event.detail, { status: number; code: string; message: string }>(true);
  });
  login.addEventListener('ph-login-logout', (event) => exactly<typeof event, CustomEvent<Record<string, never>>>(true));
  exactly<PhModalEventMap['ph-modal-open'], CustomEvent<Record<string, never>>>(true);
  header.addEventListener('ph-header-language-change', (event) => {
    exactly<typeof event.detail.language, 'zh-CN' | 'en' | 'zh-HK'>(true);
  });
  document.addEventListener('ph-header-message-open', (event) => {
    exactly<typeof event.detail.kind, 'url' | 'expiry-list'>(true);
    event.preventDefault();
  });
  exactly<
    keyof PhHeaderEventMap,
    | 'ph-header-desktop'
    | 'ph-header-child-change'
    | 'ph-header-role-change'
    | 'ph-header-language-change'
    | 'ph-header-theme-change'
    | 'ph-header-message-open'
  >(true);
  face.addEventListener('ph-face-clocking', (event) => {
    exactly<typeof event.detail, { userId: string; realName: string; clockTime: string }>(true);
  });
  face.addEventListener('ph-face-save-success', (event) => {
    exactly<typeof event.detail, { userId: string; registerTime: string }>(true);
  });
  document.addEventListener('ph-face-error', (event) => {
    exactly<
      typeof event.detail.reason,
      | 'timeout'
      | 'failed'
      | 'livenessUnsupported'
      | 'movementNotSeen'
      | 'modelFailed'
      | 'userIdMissing'
      | 'insecure'
      | 'noCamera'
      | 'denied'
      | 'busy'
    >(true);
  });
  exactly<keyof PhFaceEventMap, 'ph-face-success' | 'ph-face-save-success' | 'ph-face-clocking' | 'ph-face-error'>(
    true,
  );
  uploader.addEventListener('ph-uploader-error', (event) => {
    exactly<typeof event.detail.status, number | undefined>(true);
    exactly<typeof event.detail.message, string>(true);
  });
  uploader.addEventListener('ph-uploader-success', (event) => exactly<typeof event.detail.md5, string>(true));
  exactly<
    keyof PhUploaderEventMap,
    'ph-uploader-progress' | 'ph-uploader-success' | 'ph-uploader-error' | 'ph-uploader-complete'
  >(true);
  exactly<
    keyof PhLoginEventMap,
    'ph-login-success' | 'ph-login-restored' | 'ph-login-error' | 'ph-login-logout' | 'ph-login-platform'
  >(true);
  document.addEventListener('ph-login-success', (event) => exactly<typeof event.detail.redirect, string | null>(true));
}

export function mistakes(): void {
  // @ts-expect-error the close detail has `reason`, not Shoelace's `source`
  modal.addEventListener('ph-modal-close', (event) => event.detail.source);
  modal.addEventListener('ph-modal-close', (event) => {
    // @ts-expect-error a reason the dialog never gives
    const reason: typeof event.detail.reason = 'timeout';
    return reason;
  });
  // @ts-expect-error the success detail never carries the token
  document.addEventListener('ph-login-success', (event) => event.detail.accessToken);
  // @ts-expect-error the old name: the event is ph-login-logout
  const renamed: keyof PhLoginEventMap = 'ph-logout';
  // @ts-expect-error elements can only fire their declared events with their declared detail
  dispatchFrom(modal, 'ph-modal-close', { reason: 'timeout' });
  // @ts-expect-error the child detail is the child, never the parent's session
  header.addEventListener('ph-header-child-change', (event) => event.detail.accessToken);
  // @ts-expect-error an event no element declares
  dispatchFrom(modal, 'ph-modal-closed', {});
  return void renamed;
}
