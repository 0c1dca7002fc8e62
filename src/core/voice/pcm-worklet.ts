import { PCM_FRAME_SAMPLES, PCM_PROCESSOR, PcmFramer, type PcmProcessorOptions } from './pcm';

// The AudioWorklet module of the recorder, built on its own (scripts/standalone-script-plugin.mjs) and loaded with
// audioWorklet.addModule. It runs on the audio thread: each render quantum of the microphone (mono after the
// node's channel mixing, at the device rate) goes through the framer; full 16 kHz frames go to the main thread.
//
// Messages: main -> worklet `{ type: 'flush' }` (hand over the last, shorter frame, then answer `flushed`);
// worklet -> main `{ type: 'frame', pcm: ArrayBuffer }` and `{ type: 'flushed' }`.

// The AudioWorkletGlobalScope, which TypeScript's DOM library does not declare.
declare const sampleRate: number;
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions?: PcmProcessorOptions }) => unknown,
): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class PcmRecorderProcessor extends AudioWorkletProcessor {
  private readonly framer: PcmFramer;
  private stopped = false;

  constructor(options: { processorOptions?: PcmProcessorOptions }) {
    super();
    const { targetRate = 16_000, frameSamples = PCM_FRAME_SAMPLES } = options.processorOptions ?? {};
    this.framer = new PcmFramer(sampleRate, targetRate, frameSamples);
    this.port.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type !== 'flush') return;
      this.post(this.framer.flush());
      this.stopped = true;
      this.port.postMessage({ type: 'flushed' });
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    const channel = inputs[0]?.[0];
    if (channel) this.post(this.framer.push(channel));
    return true;
  }

  private post(frames: Int16Array[]): void {
    for (const frame of frames) this.port.postMessage({ type: 'frame', pcm: frame.buffer }, [frame.buffer]);
  }
}

registerProcessor(PCM_PROCESSOR, PcmRecorderProcessor);
