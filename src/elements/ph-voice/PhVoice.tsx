import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $config,
  $language,
  $translate,
  createVoiceController,
  ensureVoiceStrings,
  followSkill,
  initialVoice,
  type VoiceController,
  type VoiceMessageKind,
  type VoiceState,
  voiceDeps,
  voiceMessageText,
} from '../../core';
import { useLatest } from '../common/use-latest';
import { VoiceView } from './VoiceView';

/** A command was understood: what was said (its trailing mark removed) and the skill's page. */
export interface PhVoiceResult {
  text: string;
  url: string;
}

/** An attempt ended with a message instead of a page: why, and the message shown (in the page language). */
export interface PhVoiceFailure {
  reason: VoiceMessageKind;
  message: string;
  /** What was heard, for `miss`. */
  text?: string;
}

export interface PhVoiceProps {
  /** The button does nothing (for example while nobody is signed in). */
  disabled?: boolean;
  /**
   * A skill was found. Return false to stay (a page that routes by itself); otherwise the page goes to its url (the
   * `#/messages` route opens the header's message list on this page).
   */
  onResult?: (result: PhVoiceResult) => boolean | undefined;
  /** An attempt ended with one of the messages (§4, §8). */
  onError?: (failure: PhVoiceFailure) => void;
}

/** The §4 voice controller of this button: made once phinit has run, dropped (microphone released) on unmount. */
function useVoiceController(props: PhVoiceProps): {
  voice: VoiceController | null;
  state: VoiceState;
  partial: string;
} {
  const config = useStore($config);
  const latest = useLatest(props);
  const [voice, setVoice] = useState<VoiceController | null>(null);
  const [state, setState] = useState<VoiceState>(() => initialVoice().state);
  const [partial, setPartial] = useState('');

  useEffect(() => {
    if (!config) return;
    const controller = createVoiceController(
      voiceDeps({
        navigate: (url, text) => {
          if (latest.current.onResult?.({ text, url }) !== false) followSkill(url);
        },
      }),
    );
    let phase = controller.$state.get().phase;
    const stopState = controller.$state.subscribe((next) => {
      setState(next);
      if (next.phase === 'message' && phase !== 'message') {
        const { message } = next;
        latest.current.onError?.({
          reason: message.kind,
          message: voiceMessageText(message, $translate.get(), $language.get()),
          ...(message.kind === 'miss' && message.detail ? { text: message.detail } : {}),
        });
      }
      phase = next.phase;
    });
    const stopPartial = controller.$partial.subscribe(setPartial);
    setVoice(controller);
    return () => {
      stopState();
      stopPartial();
      controller.cancel();
      setVoice(null);
    };
  }, [config, latest]);

  return { voice, state, partial };
}

/** The voice command button of spec §2 ("long press to start") and §4 Voice recording. */
export function PhVoice(props: PhVoiceProps) {
  // The controller adds the voice texts too, but only once phinit has run: the first render shows the hint before.
  ensureVoiceStrings();
  const { voice, state, partial } = useVoiceController(props);
  return (
    <VoiceView
      state={state}
      partial={partial}
      disabled={props.disabled === true || voice === null}
      onPress={() => voice?.press()}
      onRelease={() => voice?.release()}
      onDismiss={() => voice?.dismiss()}
    />
  );
}
