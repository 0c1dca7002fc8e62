/**
 * The URL of the built AudioWorklet module (pcm-worklet.ts). The build (scripts/standalone-script-plugin.mjs) replaces
 * this module with one that answers the file it emits beside each bundle; run from the sources (Node tests) there is
 * no such file, and the recorder says it cannot record.
 */
export function pcmWorkletUrl(): string | undefined {
  return undefined;
}
