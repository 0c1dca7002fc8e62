import { useStore } from '@nanostores/react';
import { $language, $translate, type Refusal, refusalText } from '../../core';
import { PhModal } from '../../elements/ph-modal/PhModal';

/**
 * An app the desktop refused to open (src/core/access), named, with why. Unlike the module page's own block (§2's
 * licence dialog, which cannot be closed because the page behind it cannot be used), the desktop behind this one
 * still works: OK, Escape or the close button return to it.
 */
export function RefusalDialog({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  const translate = useStore($translate);
  const language = useStore($language);
  return (
    <PhModal
      platformDialog
      open={refusal !== null}
      width="400px"
      heading={translate('shell.refusalTitle')}
      onRequestClose={() => onClose()}
      footer={
        <button type="button" className="primary" data-refusal-ok onClick={onClose}>
          {translate('shell.refusalOk')}
        </button>
      }
    >
      <p role="alert">{refusal ? refusalText(refusal, translate, language) : ''}</p>
    </PhModal>
  );
}
