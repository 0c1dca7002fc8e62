import { waitUntil } from './wait';
// The browser's speech recognition is a cloud service (Google's, in Chromium) that cannot be reached here: it is the
// one edge ph-voice's element tests script. Everything else runs for real: the element, core's controller, the
// reference server's get_ali_token-free skill lookup (find_by_vocabulary), navigation through the location adapter.

export type VoiceElement = HTMLElementTagNameMap['ph-voice'];

/** One scripted SpeechRecognition: what the test makes it hear, and what the widget asked of it. */
export class ScriptedRecognition {
  static readonly made: ScriptedRecognition[] = [];
  /** What the next recognition hears, in full, when it is stopped. */
  static transcript = '';

  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onaudiostart: (() => void) | null = null;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string; message?: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  stopped = false;
  aborted = false;
  private readonly heard = ScriptedRecognition.transcript;

  constructor() {
    ScriptedRecognition.made.push(this);
  }

  start(): void {
    this.started = true;
    setTimeout(() => this.onaudiostart?.());
  }

  /** An interim result, as the service sends while someone speaks. */
  hearSoFar(text: string): void {
    this.onresult?.({
      resultIndex: 0,
      results: { length: 1, 0: { isFinal: false, length: 1, 0: { transcript: text } } },
    });
  }

  stop(): void {
    this.stopped = true;
    setTimeout(() => {
      if (this.heard) {
        const results = { length: 1, 0: { isFinal: true, length: 1, 0: { transcript: this.heard } } };
        this.onresult?.({ resultIndex: 0, results });
      }
      this.onend?.();
    });
  }

  abort(): void {
    this.aborted = true;
  }

  static last(): ScriptedRecognition {
    const last = ScriptedRecognition.made.at(-1);
    if (!last) throw new Error('no recognition was started');
    return last;
  }
}

export function voiceButton(element: HTMLElement): HTMLButtonElement {
  const found = element.shadowRoot?.querySelector<HTMLButtonElement>('[part~="button"]');
  if (!found) throw new Error('ph-voice has no button');
  return found;
}

/** The live region's text. */
export function statusText(element: HTMLElement): string {
  return element.shadowRoot?.querySelector('[part~="status"]')?.textContent ?? '';
}

/** The visible bubble's text ('' when none is shown). */
export function bubbleText(element: HTMLElement): string {
  return element.shadowRoot?.querySelector('[part~="bubble"]')?.textContent ?? '';
}

export function countdownText(element: HTMLElement): string {
  return element.shadowRoot?.querySelector('[part~="countdown"]')?.textContent ?? '';
}

/** The button is held long enough: the recogniser listens and the countdown shows. */
export async function waitRecording(element: HTMLElement): Promise<void> {
  await waitUntil(() => countdownText(element) !== '', 'ph-voice did not start recording');
}

/** Back to rest: nothing under way, no message. */
export async function waitIdle(element: HTMLElement): Promise<void> {
  await waitUntil(() => bubbleText(element) === '', 'ph-voice did not come back to rest');
}
