import type { ReadableAtom } from 'nanostores';
import type { AppItem } from '../api/types';
import type { Language } from '../i18n/language';
import type { Site } from '../routes/site';
import type { VoiceApi } from './api';
import type { Recognizer, Recorder } from './capture';
import type { VoiceState } from './machine';

// What the voice controller (controller.ts) is given and what it gives: the platform calls, the recorder, the
// recogniser and navigation are injected, so that core holds no microphone and tests script every edge.

export interface VoiceControllerDeps {
  api: VoiceApi;
  recognizer: Recognizer;
  /** Not used when the recogniser listens by itself. */
  recorder: Recorder | null;
  /** The language to recognise (the session language, read at each press). */
  language: () => Language;
  /** Goes to a skill's url: absolute, on the page's own origin (resolved against `site`). */
  navigate: (url: string, text: string) => void;
  /** The page's site, which a skill's url must stay on (routes/site.ts). */
  site: () => Site;
  /** The page's own href: a skill's url that is a hash route alone (`#/messages`) is a route of this page. */
  pageHref?: () => string;
  /** The apps the signed-in user sees, whose names a command may say (issue 35); none when left out. */
  apps?: () => Promise<readonly AppItem[] | null>;
}

export interface VoiceController {
  readonly $state: ReadableAtom<VoiceState>;
  /** What the recogniser has heard so far in this recording ('' otherwise). */
  readonly $partial: ReadableAtom<string>;
  press(): void;
  release(): void;
  /** Closes the message showing (a miss stays until this or the next press). */
  dismiss(): void;
  /** Drops whatever is under way (the element left the page): the microphone is released. */
  cancel(): void;
}
