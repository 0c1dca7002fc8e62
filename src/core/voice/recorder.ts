import { NLS_SAMPLE_RATE } from '../api/nls';
import { reportUnloaded } from '../loaders/unloaded';
import { type Recorder, type Recording, VoiceError } from './capture';
import { PCM_FRAME_SAMPLES, PCM_PROCESSOR, type PcmProcessorOptions } from './pcm';
import { pcmWorkletUrl } from './pcm-worklet-url';

// The browser recorder: getUserMedia, then an AudioWorklet (pcm-worklet.ts) that turns the microphone, at whatever
// rate the device runs, into 16 kHz mono 16-bit PCM frames. Every track is stopped when a recording ends, also when
// it ends because the element left the page (the controller's cancel), so the browser's "recording" indicator goes
// out with it.

export interface BrowserRecorderOptions {
  /** The worklet module; default the one the build emitted beside the bundle. */
  workletUrl?: string;
  targetRate?: number;
  frameSamples?: number;
  /** How long stop() waits for the worklet's last frame before it closes anyway. */
  flushTimeoutMs?: number;
}

/**
 * The microphone as recognisers want it: no automatic gain control and no noise suppression (Google's speech
 * guidance says so of its own services). Chromium's AGC changed the level within a phrase enough that the offline
 * gateway heard no Mandarin command through the browser at all (issue 56: 0 of 5 with it, 5 of 5 without, in
 * scripts/bench-voice.ts); echo cancellation stays, for a page that plays sound while someone speaks.
 */
const MICROPHONE: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: false },
};

async function openMicrophone(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    // Also what a page on plain http (not localhost) sees: the browser hides the microphone there.
    throw new VoiceError('unsupported', 'navigator.mediaDevices.getUserMedia is not available');
  }
  try {
    return await navigator.mediaDevices.getUserMedia(MICROPHONE);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new VoiceError('microphone', name || String(error));
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

async function connectWorklet(
  context: AudioContext,
  stream: MediaStream,
  url: string,
  processorOptions: PcmProcessorOptions,
): Promise<{ source: MediaStreamAudioSourceNode; node: AudioWorkletNode }> {
  await context.audioWorklet.addModule(url);
  const source = context.createMediaStreamSource(stream);
  // No outputs: nothing is played back; a node with inputs and no outputs is pulled by the graph all the same.
  const node = new AudioWorkletNode(context, PCM_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions,
  });
  source.connect(node);
  if (context.state === 'suspended') await context.resume();
  return { source, node };
}

export function browserRecorder(options: BrowserRecorderOptions = {}): Recorder {
  return {
    async start(onFrame) {
      const url = options.workletUrl ?? pcmWorkletUrl();
      if (!url || typeof AudioWorkletNode === 'undefined') {
        throw new VoiceError('unsupported', 'AudioWorklet is not available');
      }
      const stream = await openMicrophone();
      const context = new AudioContext();
      let nodes: { source: MediaStreamAudioSourceNode; node: AudioWorkletNode };
      try {
        nodes = await connectWorklet(context, stream, url, {
          targetRate: options.targetRate ?? NLS_SAMPLE_RATE,
          frameSamples: options.frameSamples ?? PCM_FRAME_SAMPLES,
        });
      } catch (error) {
        stopTracks(stream);
        void context.close();
        // addModule rejects with an AbortError when the worklet's file did not load.
        if (error instanceof DOMException && error.name === 'AbortError') reportUnloaded('pcmWorklet', url);
        throw new VoiceError('unsupported', error instanceof Error ? error.message : String(error));
      }
      const { source, node } = nodes;
      let flushed: () => void = () => undefined;
      node.port.onmessage = (event: MessageEvent<{ type: string; pcm?: ArrayBuffer }>) => {
        if (event.data.type === 'frame' && event.data.pcm) onFrame(new Int16Array(event.data.pcm));
        else if (event.data.type === 'flushed') flushed();
      };
      let stopping: Promise<void> | null = null;
      const recording: Recording = {
        stop() {
          stopping ??= (async () => {
            // The words said just before the release are in the worklet's last, shorter frame.
            await new Promise<void>((resolve) => {
              flushed = resolve;
              setTimeout(resolve, options.flushTimeoutMs ?? 500);
              node.port.postMessage({ type: 'flush' });
            });
            node.port.onmessage = null;
            stopTracks(stream);
            source.disconnect();
            await context.close().catch(() => undefined);
          })();
          return stopping;
        },
      };
      return recording;
    },
  };
}
