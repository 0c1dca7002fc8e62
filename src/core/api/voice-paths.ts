import { ENDPOINTS } from './wire';

// The voice chunk's two §7 paths, read here so that they stay in the shared runtime as two strings. Were the voice
// chunk to import ENDPOINTS itself, the map would be exported across chunks and rollup would keep every one of its
// paths on every page (+1 KB gzip on the work-chat page); test/build/runtime-paths.test.ts holds this.
export const VOICE_TOKEN_PATH = ENDPOINTS.voiceToken;
export const FIND_SKILL_PATH = ENDPOINTS.findSkill;
