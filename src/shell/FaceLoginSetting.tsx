import { useState } from 'react';
import { changeFaceLogin, defaultClient } from '../core';

type Translate = (key: string) => string;
type Saving = 'idle' | 'saving' | 'saved' | 'unavailable' | 'failed';

/**
 * The unit's choice of face sign-in (issue 67), for its admin: a switch saved at once. Off, the sign-in pages do not
 * offer face sign-in and the server no longer signs the unit's people in by face; clock-in terminals go on. What the
 * school weighs is said beside it. A platform without the call (a §7 back end, 404) keeps it on and says so.
 */
export function FaceLoginSetting({ initial, translate }: { initial: boolean; translate: Translate }) {
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState<Saving>('idle');
  // The switch follows the click at once, and goes back if the change could not be saved.
  const change = async (wanted: boolean) => {
    setOn(wanted);
    setSaving('saving');
    const result = await changeFaceLogin(wanted, defaultClient());
    setOn(result.status === 'saved' ? result.faceLogin : !wanted);
    setSaving(result.status);
  };
  return (
    <div className="unit-setting">
      <label className="unit-switch">
        <input
          type="checkbox"
          checked={on}
          disabled={saving === 'saving' || saving === 'unavailable'}
          aria-describedby="face-login-note"
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {translate('unit.faceLogin')}
      </label>
      <p id="face-login-note" className="unit-note">
        {translate('unit.faceLoginNote')}
      </p>
      <p role="status" className={saving === 'failed' ? 'unit-status unit-status-failed' : 'unit-status'}>
        {saving === 'idle' ? '' : translate(`unit.faceLogin.${saving}`)}
      </p>
    </div>
  );
}
