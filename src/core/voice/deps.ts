import { signedInApps } from '../access/page';
import { getLocation } from '../config/location';
import { pageSite } from '../config/page-site';
import { requireConfig } from '../config/phinit';
import { $language } from '../i18n/translate';
import { voiceApi } from './api';
import { createRecognizer } from './choose';
import type { VoiceControllerDeps } from './controller-deps';
import { followSkill } from './follow';
import { browserRecorder } from './recorder';

/** The page's voice dependencies: the platform calls, the configured recogniser, the browser recorder, the session
 * language, navigation through the one gate every door passes (src/core/access), the user's apps; any of them replaced by `overrides`. */
export function voiceDeps(overrides: Partial<VoiceControllerDeps> = {}): VoiceControllerDeps {
  return {
    api: overrides.api ?? voiceApi(),
    recognizer: overrides.recognizer ?? createRecognizer(requireConfig().voice),
    recorder: overrides.recorder !== undefined ? overrides.recorder : browserRecorder(),
    language: overrides.language ?? (() => $language.get()),
    navigate: overrides.navigate ?? ((url) => followSkill(url)),
    apps: overrides.apps ?? signedInApps,
    site: overrides.site ?? pageSite,
    pageHref: overrides.pageHref ?? (() => getLocation().href()),
  };
}
