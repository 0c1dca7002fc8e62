import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';

// Two MD5 engines behind one interface: hash-wasm (WebAssembly, measured 3-5x faster here: TOOLCHAIN.md) and
// spark-md5 (plain JavaScript) for where WebAssembly is missing or forbidden (a CSP without 'wasm-unsafe-eval').

export type Md5EngineName = 'hash-wasm' | 'spark-md5';
/** `auto`: hash-wasm where WebAssembly works, else spark-md5. */
export type Md5EngineChoice = Md5EngineName | 'auto';

export interface Md5Engine {
  readonly name: Md5EngineName;
  update(bytes: Uint8Array): void;
  /** Lower-case hex digest of everything given to update. */
  digest(): string;
}

function sparkEngine(): Md5Engine {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    name: 'spark-md5',
    update(bytes) {
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      spark.append((whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer);
    },
    digest: () => spark.end(),
  };
}

async function wasmEngine(): Promise<Md5Engine> {
  const hasher = await createMD5();
  return {
    name: 'hash-wasm',
    update: (bytes) => {
      hasher.update(bytes);
    },
    digest: () => hasher.digest('hex'),
  };
}

export async function createMd5Engine(choice: Md5EngineChoice = 'auto'): Promise<Md5Engine> {
  if (choice === 'spark-md5') return sparkEngine();
  if (choice === 'hash-wasm') return wasmEngine();
  if (typeof WebAssembly !== 'object') return sparkEngine();
  try {
    return await wasmEngine();
  } catch {
    return sparkEngine();
  }
}
