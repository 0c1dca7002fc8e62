// Type-checked by `tsc -p tsconfig.json` in the consumer test (never run): the element events and the React props
// are typed from the installed package's declarations.
import manifest from 'ph-widgets/custom-elements.json';
import type { PhLoginSuccessDetail } from 'ph-widgets/elements/ph-login';
import 'ph-widgets/ph-widgets.js';
import {
  type LoginPlatform,
  PhFace,
  type PhFaceErrorDetail,
  PhLogin,
  PhModal,
  type PhModalProps,
  PhPicker,
  type PhPickerChangeDetail,
  PhUploader,
  type PhUploaderSuccessDetail,
} from 'ph-widgets/react';

const login = document.createElement('ph-login');
login.addEventListener('ph-login-success', (e) => {
  // Cancelable: the page keeps itself and goes where it likes.
  if (e.detail.redirect) e.preventDefault();
  return e.detail.userId;
});
login.addEventListener('ph-login-restored', (e) => e.detail.redirect?.length);
login.redirect = 'none';
login.addEventListener('ph-login-error', (e) => `${e.detail.status} ${e.detail.code}: ${e.detail.message}`);
login.mode = 'dialog';
login.open = true;
document.addEventListener('ph-modal-request-close', (e) => {
  if (e.detail.reason === 'backdrop') e.preventDefault();
});

export const schemaVersion: string = manifest.schemaVersion;
export const detail: PhLoginSuccessDetail = { userId: 'u1', userType: 2, redirect: null };
const stored = (uploaded: PhUploaderSuccessDetail) => uploaded.file?.url ?? uploaded.md5;
const faceFailed = (failure: PhFaceErrorDetail) => failure.reason === 'noCamera';
const styled = (choice: PhPickerChangeDetail) => `${choice.fontSize} ${choice.fontFamily}`;
const closeReasons: NonNullable<PhModalProps['onClosed']> = (reason) => console.log(reason);

export const elements = (
  <>
    <PhLogin
      mode="dialog"
      open
      platforms={[{ provider: 'qy', name: 'WeCom' } satisfies LoginPlatform]}
      redirect="none"
      onSuccess={(data) => data.redirect !== null && data.userId?.toUpperCase()}
      onRestored={(data) => data.redirect === null}
      onError={(error) => error.fieldErrors.map((field) => field.message)}
      onPlatform={(platform) => platform.provider}
      style={{ maxWidth: 400 }}
    />
    <PhModal
      open
      heading="Help"
      width="420px"
      onRequestClose={(reason) => reason !== 'backdrop'}
      onClosed={closeReasons}
    >
      text
    </PhModal>
    <PhUploader
      multiple
      chunkSize="4MB"
      onProgress={(progress) => progress.uploadedBytes / progress.size}
      onSuccess={stored}
      onError={(failure) => failure.type}
      onComplete={(all) => all.files.length}
    />
    <PhPicker color="#457cd6" fontSize="16px" onChange={styled} />
    <PhFace mode="collect" userId="u1" onSaveSuccess={(saved) => saved.registerTime} onError={faceFailed} />
  </>
);
