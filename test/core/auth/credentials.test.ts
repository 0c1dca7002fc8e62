import { webcrypto } from 'node:crypto';
import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';

const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const auth = await import('../../../src/core/auth');

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

beforeEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
  auth.forgetCredentials();
});

describe('remembered credentials (AES-GCM, non-extractable key)', () => {
  it('round-trips and never stores the password in clear', async () => {
    const deps = { subtle, keyStore: auth.memoryKeyStore() };
    expect(await auth.rememberCredentials('alice', 's3cret-密码', deps)).toEqual({ remembered: true });
    expect(storage.rememberedCredentials).toBeDefined();
    expect(storage.rememberedCredentials).not.toContain('s3cret');
    expect(JSON.parse(storage.rememberedCredentials ?? '{}').username).toBe('alice');
    expect(auth.hasRememberedCredentials()).toBe(true);
    expect(await auth.readRememberedCredentials(deps)).toEqual({ username: 'alice', password: 's3cret-密码' });
  });

  it('creates a key that cannot be exported, once, and reuses it', async () => {
    const keyStore = auth.memoryKeyStore();
    await auth.rememberCredentials('a', 'p1', { subtle, keyStore });
    const key = await keyStore.load();
    expect(key?.extractable).toBe(false);
    await auth.rememberCredentials('a', 'p2', { subtle, keyStore });
    expect(await keyStore.load()).toBe(key);
    await expect(subtle.exportKey('raw', key!)).rejects.toThrow();
  });

  it('uses a fresh iv each time', async () => {
    const deps = { subtle, keyStore: auth.memoryKeyStore() };
    await auth.rememberCredentials('a', 'same', deps);
    const first = storage.rememberedCredentials;
    await auth.rememberCredentials('a', 'same', deps);
    expect(storage.rememberedCredentials).not.toBe(first);
  });

  it('without WebCrypto or a key store nothing is remembered and the caller is told', async () => {
    expect(await auth.rememberCredentials('a', 'p', { subtle: null, keyStore: auth.memoryKeyStore() })).toEqual({
      remembered: false,
      reason: 'unsupported',
    });
    expect(await auth.rememberCredentials('a', 'p', { subtle, keyStore: null })).toEqual({
      remembered: false,
      reason: 'unsupported',
    });
    expect(storage).not.toHaveProperty('rememberedCredentials');
    expect(auth.hasRememberedCredentials()).toBe(false);
  });

  it('in plain Node (no IndexedDB) the default is the fallback', async () => {
    expect(await auth.rememberCredentials('a', 'p')).toEqual({ remembered: false, reason: 'unsupported' });
  });

  it('a lost key (another browser profile) forgets the record instead of failing', async () => {
    await auth.rememberCredentials('a', 'p', { subtle, keyStore: auth.memoryKeyStore() });
    expect(await auth.readRememberedCredentials({ subtle, keyStore: auth.memoryKeyStore() })).toBeNull();
    expect(auth.hasRememberedCredentials()).toBe(false);
  });

  it('a tampered ciphertext is rejected', async () => {
    const deps = { subtle, keyStore: auth.memoryKeyStore() };
    await auth.rememberCredentials('a', 'p', deps);
    const record = JSON.parse(storage.rememberedCredentials ?? '{}');
    const bytes = Uint8Array.from(atob(record.data), (char) => char.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const { $rememberedRecord } = await import('../../../src/core/session');
    $rememberedRecord.set({ ...record, data: btoa(String.fromCharCode(...bytes)) });
    expect(await auth.readRememberedCredentials(deps)).toBeNull();
  });
});
