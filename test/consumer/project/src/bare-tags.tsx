// Type-checked by `tsc -p tsconfig.json` in the consumer test (never run): every bare tag in TSX with React 19's
// JSX types from ph-widgets/jsx — its properties typed, and an `on<event>` prop per event with the event's detail.
import type {} from 'ph-widgets/jsx';
import 'ph-widgets/ph-widgets.js';
import { useRef } from 'react';

export function BareTags() {
  const modal = useRef<HTMLElementTagNameMap['ph-modal']>(null);
  return (
    <>
      <ph-login
        mode="dialog"
        open
        heading="Sign in again"
        platforms={JSON.stringify([{ provider: 'qy', name: 'WeCom' }])}
        onph-login-success={(event) => event.detail.userId?.toUpperCase()}
        onph-login-error={(event) => `${event.detail.status} ${event.detail.code}: ${event.detail.message}`}
        onph-login-logout={(event) => event.type}
        onph-login-platform={(event) => event.detail.provider}
      />
      <ph-header
        maxIcons={6}
        noLanguage
        noRedirect
        onph-header-desktop={(event) => event.preventDefault()}
        onph-header-child-change={(event) => event.detail}
        className="top"
      >
        <ph-voice slot="end" disabled={false} onph-voice-result={(event) => event.detail.url.length} />
      </ph-header>
      <ph-uploader
        serverid="base"
        chunkSize="2MB"
        parallel={3}
        multiple
        autoStart
        onph-uploader-progress={(event) => event.detail.uploadedBytes / event.detail.size}
        onph-uploader-success={(event) => event.detail.fileName}
      />
      <ph-face
        mode="orther"
        userId="u1"
        countdown={3}
        onph-face-clocking={(event) => event.detail}
        onph-face-error={(event) => event.detail.reason}
      />
      <ph-modal
        ref={modal}
        open
        heading="Help"
        width="420px"
        noBackdropClose
        onph-modal-close={(event) => event.detail.reason}
      >
        text
      </ph-modal>
      <ph-footer unitId="unit-1" noVersionCheck style={{ marginTop: 8 }} />
      <ph-picker
        color="#c00000"
        fontSize="18px"
        fontFamily="KaiTi"
        onph-picker-change={(event) => `${event.detail.color} ${event.detail.fontSize} ${event.detail.fontFamily}`}
      />
    </>
  );
}
