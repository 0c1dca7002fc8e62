import { expect } from '@open-wc/testing';
import { core } from './bundles';
import { waitUntil } from './wait';

// The browser recorder of core/voice in Chromium, with its fake microphone (a beep): getUserMedia, the AudioWorklet
// the build emitted beside dist/core, 16 kHz 16-bit frames of 100 ms, and every track stopped after a recording.

const opened: MediaStream[] = [];
const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = async (constraints) => {
  const stream = await original(constraints);
  opened.push(stream);
  return stream;
};

const loudest = (frames: Int16Array[]) => Math.max(0, ...frames.flatMap((frame) => Array.from(frame, Math.abs)));

describe('browser recorder (AudioWorklet, 16 kHz mono 16-bit PCM)', () => {
  it('hands over 100 ms frames of the microphone and stops every track when it stops', async () => {
    const frames: Int16Array[] = [];
    const recording = await core.browserRecorder().start((frame) => frames.push(frame));
    await waitUntil(() => frames.length >= 12 && loudest(frames) > 1000, 'no audible frames');
    for (const frame of frames) {
      expect(frame).to.be.instanceOf(Int16Array);
      expect(frame.length).to.equal(1600);
    }
    const stream = opened.at(-1) as MediaStream;
    expect(stream.getAudioTracks().map((track) => track.readyState)).to.deep.equal(['live']);
    await recording.stop();
    expect(stream.getTracks().every((track) => track.readyState === 'ended')).to.equal(true);
  });

  it('records again after a recording, each time with a microphone of its own', async () => {
    for (let round = 0; round < 2; round++) {
      const frames: Int16Array[] = [];
      const recording = await core.browserRecorder().start((frame) => frames.push(frame));
      await waitUntil(() => frames.length >= 2, 'no frames');
      await recording.stop();
    }
    expect(opened.length).to.equal(3);
    expect(opened.every((stream) => stream.getTracks().every((track) => track.readyState === 'ended'))).to.equal(true);
  });

  it('says it cannot record when the worklet module is missing, and leaves no microphone open', async () => {
    const before = opened.length;
    const failure = await core
      .browserRecorder({ workletUrl: '/no/such/worklet.js' })
      .start(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(core.VoiceError);
    expect((failure as InstanceType<typeof core.VoiceError>).kind).to.equal('unsupported');
    expect(opened.length).to.equal(before + 1);
    expect(
      opened
        .at(-1)
        ?.getTracks()
        .every((track) => track.readyState === 'ended'),
    ).to.equal(true);
  });

  it('asks for the microphone without gain control or noise suppression, as recognisers want it', async () => {
    const recording = await core.browserRecorder().start(() => {});
    const settings = (opened.at(-1) as MediaStream).getAudioTracks()[0]?.getSettings();
    await recording.stop();
    expect(settings).to.include({ autoGainControl: false, noiseSuppression: false, echoCancellation: true });
  });
});
