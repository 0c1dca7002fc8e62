import { useStore } from '@nanostores/react';
import { useId } from 'react';
import {
  $language,
  $modalStack,
  $translate,
  messageStays,
  type VoiceMessageKind,
  type VoiceState,
  voiceCountdownText,
  voiceMessageLines,
  voiceStatusText,
} from '../../core';
import { sharedStyles, useStyles } from '../common/styles';
import { MicrophoneIcon } from './MicrophoneIcon';
import styles from './styles.css';
import { usePressAndHold } from './use-press-and-hold';

// What <ph-voice> shows for a state of core's voice machine: the button, the first-use hint, the bubble (status,
// countdown, what is being heard, a message) and the status line read out. It decides nothing: PhVoice hands it the
// controller's state (and the docs site the states core's machine reaches, one by one).

const VOICE_STYLES = sharedStyles(styles);
const SPEC_WARNINGS: readonly VoiceMessageKind[] = ['miss', 'empty'];

export interface VoiceViewProps {
  state: VoiceState;
  /** What the recogniser has heard so far, while recording. */
  partial: string;
  disabled: boolean;
  onPress: () => void;
  onRelease: () => void;
  /** Closes the message showing (its close button, or Escape on the button). */
  onDismiss: () => void;
}

export function VoiceView({ state, partial, disabled, onPress, onRelease, onDismiss }: VoiceViewProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  const dialogs = useStore($modalStack);
  const press = usePressAndHold({ disabled, onPress, onRelease, onEscape: onDismiss });
  const describedBy = useId();
  useStyles(VOICE_STYLES);

  const message = state.phase === 'message' ? state.message : null;
  const lines = message ? voiceMessageLines(message, translate, language) : [voiceStatusText(state, translate)];
  const text = lines.join(' ');
  // §4's first-use hint is a tip below the button, out of the row (in it, its going moved the icons: issue 69), and
  // not over a dialog's backdrop, where nobody can press the button; the bubble below the button is for what the
  // button is doing, and the tooltip shows on hover or focus only.
  const hintTime = state.phase === 'idle' && state.hint;
  const firstUseHint = hintTime && dialogs.length === 0;
  const bubbleText = hintTime ? '' : text;
  const countdown = voiceCountdownText(state, translate);
  const tone = message ? (SPEC_WARNINGS.includes(message.kind) ? message.kind : 'failure') : '';
  const listening = state.phase === 'recording' ? 'recording' : state.phase === 'idle' ? '' : 'active';

  return (
    <>
      {firstUseHint ? (
        <span className="hint" part="hint" aria-hidden="true">
          {text}
        </span>
      ) : null}
      <button
        type="button"
        className={`ph-icon-button button ${listening}`.trim()}
        part="button"
        aria-label={translate('voice.name')}
        aria-describedby={describedBy}
        aria-pressed={state.phase === 'pressing' || state.phase === 'connecting' || state.phase === 'recording'}
        disabled={disabled}
        {...press}
      >
        <MicrophoneIcon />
      </button>
      <span id={describedBy} hidden>
        {translate('voice.keyboard')}
      </span>
      {/* Announced once per change; the countdown below is shown, not read out every second. */}
      <span className="status" role="status" aria-live="polite" part="status">
        {text}
      </span>
      <VoiceBubble
        lines={message && messageStays(message) ? lines : null}
        text={bubbleText}
        tone={tone}
        countdown={countdown}
        partial={state.phase === 'recording' ? partial : ''}
        onDismiss={onDismiss}
      />
    </>
  );
}

interface VoiceBubbleProps {
  /** A lasting message's lines: it stays until the next press or a close (issues 35, 69). */
  lines: string[] | null;
  text: string;
  tone: string;
  countdown: string;
  partial: string;
  onDismiss: () => void;
}

/** Below the button: a message that stays (messageStays), what the button is doing, or the tooltip shown on hover or focus. */
function VoiceBubble({ lines, text, tone, countdown, partial, onDismiss }: VoiceBubbleProps) {
  const translate = useStore($translate);
  if (lines) {
    // Its lines are read out by the status beside the button.
    return (
      <div className={`bubble ${tone} lasting`} part="bubble">
        <span aria-hidden="true">
          {lines.map((line) => (
            <span className="line" key={line}>
              {line}
            </span>
          ))}
        </span>
        <button
          type="button"
          className="close"
          part="close"
          aria-label={translate('voice.dismiss')}
          onClick={onDismiss}
        >
          ×
        </button>
      </div>
    );
  }
  if (text || countdown) {
    return (
      <div className={`bubble ${tone}`.trim()} part="bubble" aria-hidden="true">
        {countdown ? (
          <span className="countdown" part="countdown">
            <span className="dot" />
            {countdown}
          </span>
        ) : null}
        {text}
        {partial ? <span className="partial">“{partial}”</span> : null}
      </div>
    );
  }
  return (
    <span className="tooltip" part="tooltip" aria-hidden="true">
      {translate('voice.hint')}
    </span>
  );
}
