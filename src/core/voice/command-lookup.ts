import { pageRouteUrl } from '../routes/router';
import { safeUrl, siteUrl } from '../routes/site';
import { appCommandUrl, appForCommand, suggestedAppName } from './app-command';
import type { VoiceControllerDeps } from './controller-deps';
import type { VoiceEvent } from './machine';

// What a recognised command leads to, told to the machine as the attempt's answer.

type LookupDeps = Pick<VoiceControllerDeps, 'api' | 'site' | 'pageHref' | 'apps' | 'language'>;

// The platform's skill phrases first; then the names on the user's own tiles; a miss offers the closest of those.
async function resolve(deps: LookupDeps, attempt: number, text: string): Promise<VoiceEvent> {
  const found = await deps.api.findSkill(text);
  const url = (deps.pageHref && pageRouteUrl(found, deps.pageHref())) || safeUrl(found, deps.site());
  if (url) return { type: 'skillFound', attempt, url };
  const apps = (await deps.apps?.().catch(() => null)) ?? [];
  const app = appForCommand(text, apps);
  if (app) return { type: 'skillFound', attempt, url: siteUrl(deps.site(), appCommandUrl(app)) };
  const suggestion = suggestedAppName(text, apps, deps.language());
  return suggestion ? { type: 'skillMissing', attempt, suggestion } : { type: 'skillMissing', attempt };
}

export function lookUpCommand(
  deps: LookupDeps,
  attempt: number,
  text: string,
  dispatch: (event: VoiceEvent) => void,
): void {
  resolve(deps, attempt, text).then(dispatch, (error: unknown) =>
    dispatch({ type: 'lookupFailed', attempt, detail: error instanceof Error ? error.message : undefined }),
  );
}
