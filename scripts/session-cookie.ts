// A fresh sign-in's session cookie, for the bench tools that load a signed-in page in a browser of their own.
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';

/** Signs `account` in on the server `url` names: its session cookie, `ph_access_token=…`. */
export async function sessionCookie(url: (path: string) => string, account: string): Promise<string> {
  const answer = await fetch(url(ENDPOINTS.login), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-PH-Device': 'pc' },
    body: JSON.stringify({ username: account, password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`${account} could not sign in: ${answer.status}`);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('ph_access_token='));
  if (!cookie) throw new Error(`${account}: no session cookie`);
  return cookie.split(';')[0] as string;
}
