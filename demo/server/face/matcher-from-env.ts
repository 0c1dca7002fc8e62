import { DESCRIPTOR_THRESHOLD, DescriptorFaceMatcher } from './descriptor-matcher';

/**
 * The CLIs' face matching: face-api descriptors unless PH_FACE_MATCHER=digest (exact image bytes, no models), at
 * PH_FACE_THRESHOLD. Throws on a value it does not take.
 */
export function faceMatcherFromEnv(env: NodeJS.ProcessEnv): DescriptorFaceMatcher | 'digest' {
  const choice = env.PH_FACE_MATCHER || 'descriptor';
  if (choice === 'digest') return 'digest';
  if (choice !== 'descriptor') throw new Error(`PH_FACE_MATCHER must be descriptor or digest, got "${choice}"`);
  const raw = env.PH_FACE_THRESHOLD;
  const threshold = raw ? Number(raw) : DESCRIPTOR_THRESHOLD;
  if (!(threshold > 0 && threshold < 2)) throw new Error(`PH_FACE_THRESHOLD must be between 0 and 2, got "${raw}"`);
  return new DescriptorFaceMatcher({ threshold });
}
