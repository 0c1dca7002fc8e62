import { DescriptorFaceMatcher } from './descriptor-matcher';
import { DigestFaceMatcher, type FaceMatcher } from './matcher';

/** `createServer({ faceMatcher })`: a matcher of your own, or one of the two built in by name. */
export type FaceMatcherChoice = FaceMatcher | 'digest' | 'descriptor';

/** Digests by default: tests that do not look at faces need no models; `npm start` asks for descriptors. */
export function faceMatcherFor(choice: FaceMatcherChoice = 'digest'): FaceMatcher {
  if (choice === 'descriptor') return new DescriptorFaceMatcher();
  if (choice === 'digest') return new DigestFaceMatcher();
  return choice;
}
