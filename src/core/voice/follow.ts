import { followThroughGate } from '../access/page';
import { getLocation } from '../config/location';
import { requestMessageList } from '../messages/list-request';
import { SHELL_ROUTES, samePageRoute } from '../routes/router';

/**
 * Where a skill's url takes the user: the messages route of the page itself opens the header's message list there
 * (no page of the platform is the message list, issue 56); any other url goes through the gate every door passes.
 */
export function followSkill(url: string, pageHref: string = getLocation().href()): void {
  if (samePageRoute(url, pageHref) === SHELL_ROUTES.messages) requestMessageList();
  else void followThroughGate(url);
}
