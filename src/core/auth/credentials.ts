import { createStore, get, set, type UseStore } from 'idb-keyval';
import { $rememberedRecord, type RememberedRecord } from '../session/prefs';

// Remembered password (§3) encrypted with AES-GCM under a non-extractable key: script can use the key but not
// read it, and the key never leaves the browser's key store (IndexedDB). Where WebCrypto or IndexedDB is missing
// nothing is remembered, and the caller is told so.

export interface KeyStore {
  load(): Promise<CryptoKey | undefined>;
  save(key: CryptoKey): Promise<void>;
}

export interface CredentialDeps {
  subtle?: SubtleCrypto | null;
  keyStore?: KeyStore | null;
}

export interface Credentials {
  username: string;
  password: string;
}

export type RememberResult = { remembered: true } | { remembered: false; reason: 'unsupported' | 'failed' };

const DB_NAME = 'ph-widgets';
const STORE = 'keys';
const KEY_ID = 'credentials';

/**
 * The browser key store: one CryptoKey kept in IndexedDB (structured clone keeps it non-extractable), through
 * idb-keyval. Same database and store as before the library, so keys stored by earlier versions still open.
 */
export function indexedDbKeyStore(): KeyStore {
  return {
    load: () => get<CryptoKey>(KEY_ID, keyDatabase()),
    save: (key) => set(KEY_ID, key, keyDatabase()),
  };
}

/** One connection for the page, opened on first use (never at import: core imports in plain Node). */
let database: UseStore | undefined;
function keyDatabase(): UseStore {
  database ??= createStore(DB_NAME, STORE);
  return database;
}

/** Keeps the key in memory only: for tests and for pages that must not persist anything. */
export function memoryKeyStore(): KeyStore {
  let stored: CryptoKey | undefined;
  return {
    load: async () => stored,
    save: async (key) => {
      stored = key;
    },
  };
}

function resolveDeps(deps: CredentialDeps): { subtle: SubtleCrypto; keyStore: KeyStore } | null {
  const subtle = deps.subtle === undefined ? globalThis.crypto?.subtle : deps.subtle;
  const keyStore =
    deps.keyStore === undefined ? (typeof indexedDB === 'undefined' ? null : indexedDbKeyStore()) : deps.keyStore;
  return subtle && keyStore ? { subtle, keyStore } : null;
}

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function keyFor(subtle: SubtleCrypto, keyStore: KeyStore, create: boolean): Promise<CryptoKey | undefined> {
  const existing = await keyStore.load();
  if (existing || !create) return existing;
  const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await keyStore.save(key);
  return key;
}

export async function rememberCredentials(
  username: string,
  password: string,
  deps: CredentialDeps = {},
): Promise<RememberResult> {
  const resolved = resolveDeps(deps);
  if (!resolved) {
    $rememberedRecord.set(null);
    return { remembered: false, reason: 'unsupported' };
  }
  try {
    const key = (await keyFor(resolved.subtle, resolved.keyStore, true))!;
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const data = await resolved.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(password));
    const record: RememberedRecord = { username, iv: toBase64(iv), data: toBase64(data) };
    $rememberedRecord.set(record);
    return { remembered: true };
  } catch {
    $rememberedRecord.set(null);
    return { remembered: false, reason: 'failed' };
  }
}

/** The remembered credentials, or null when there are none or they can no longer be decrypted (key lost). */
export async function readRememberedCredentials(deps: CredentialDeps = {}): Promise<Credentials | null> {
  const record = $rememberedRecord.get();
  const resolved = resolveDeps(deps);
  if (!record || !resolved) return null;
  try {
    const key = await keyFor(resolved.subtle, resolved.keyStore, false);
    if (!key) throw new Error('no key');
    const iv = fromBase64(record.iv);
    const plain = await resolved.subtle.decrypt({ name: 'AES-GCM', iv }, key, fromBase64(record.data));
    return { username: record.username, password: new TextDecoder().decode(plain) };
  } catch {
    $rememberedRecord.set(null);
    return null;
  }
}

export function forgetCredentials(): void {
  $rememberedRecord.set(null);
}

export function hasRememberedCredentials(): boolean {
  return $rememberedRecord.get() !== null;
}
