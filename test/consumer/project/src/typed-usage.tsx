// Type-checked by `tsc -p tsconfig.json` in the consumer test (never run): the element events and the React props
// are typed from the installed package's declarations.
import manifest from 'ph-widgets/custom-elements.json';
import type { PhLoginSuccessDetail } from 'ph-widgets/elements/ph-login';
import 'ph-widgets/ph-widgets.js';
import { type LoginPlatform, PhLogin, PhModal, type PhModalProps } from 'ph-widgets/react';

const login = document.createElement('ph-login');
login.addEventListener('ph-login-success', (e) => e.detail.userId);
login.addEventListener('ph-login-error', (e) => `${e.detail.status} ${e.detail.code}: ${e.detail.message}`);
login.mode = 'dialog';
login.open = true;
document.addEventListener('ph-modal-request-close', (e) => {
  if (e.detail.reason === 'backdrop') e.preventDefault();
});

export const schemaVersion: string = manifest.schemaVersion;
export const detail: PhLoginSuccessDetail = { userId: 'u1', userType: 2 };
const closeReasons: NonNullable<PhModalProps['onClosed']> = (reason) => console.log(reason);

export const elements = (
  <>
    <PhLogin
      mode="dialog"
      open
      platforms={[{ provider: 'qy', name: 'WeCom' } satisfies LoginPlatform]}
      onSuccess={(data) => data.userId?.toUpperCase()}
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
  </>
);
