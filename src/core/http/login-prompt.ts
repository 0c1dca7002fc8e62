import { atom } from 'nanostores';
import { pageSingleton } from '../shared';

/**
 * In development a lost session opens the login dialog instead of leaving the page (§4): the dialog element
 * watches this store and clears it when it closes.
 */
export const $loginPrompt = pageSingleton('login-prompt', () => atom<{ redirectUri: string } | null>(null));
