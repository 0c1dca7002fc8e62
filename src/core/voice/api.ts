import { FIND_SKILL_PATH, VOICE_TOKEN_PATH } from '../api/voice-paths';
import type { HttpClient } from '../http/client-types';
import { defaultClient } from '../http/request';
import type { Language } from '../i18n/language';

// The two platform calls of §7 the voice widget makes. Both are silent: the widget shows its own messages
// ("check server configuration" for the token, §8), not the request flow's notifications.

export interface VoiceApi {
  /** `GET get_ali_token?language=`: the speech token (data); rejects when there is none. */
  token(language: Language): Promise<string>;
  /** `POST find_by_vocabulary`: the skill's url (data.url), or null when no skill has this vocabulary. */
  findSkill(vocabulary: string): Promise<string | null>;
}

export function voiceApi(http: Pick<HttpClient, 'request'> = defaultClient()): VoiceApi {
  return {
    async token(language) {
      const answer = await http.request<unknown>({ url: VOICE_TOKEN_PATH, params: { language }, silent: true });
      if (typeof answer.data !== 'string' || answer.data === '') throw new Error('get_ali_token answered no token');
      return answer.data;
    },
    async findSkill(vocabulary) {
      const answer = await http.request<{ url?: unknown } | null>({
        url: FIND_SKILL_PATH,
        method: 'post',
        data: { vocabulary },
        silent: true,
      });
      const url = answer.data?.url;
      return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
    },
  };
}
