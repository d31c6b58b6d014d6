/**
 * Node's synchronous crypto functions, where the runtime offers them. Web Crypto is async-only,
 * and in Node every call is a thread-pool round trip (tens of microseconds), which dominates a
 * session request that needs three or four of them. Node, Bun and Deno expose their `node:crypto`
 * through `process.getBuiltinModule`, with no import, so the core stays portable: on runtimes
 * without it (edge workers, browsers) this is undefined and Web Crypto is used.
 */

/** The part of `node:crypto` the hot paths use, described structurally. */
export interface SyncCrypto {
  createHmac(algorithm: "sha512", key: Uint8Array): Digest;
  createHash(algorithm: "sha256"): Digest;
  createCipheriv(algorithm: "aes-256-cbc", key: Uint8Array, iv: Uint8Array): Cipher;
  createDecipheriv(algorithm: "aes-256-cbc", key: Uint8Array, iv: Uint8Array): Cipher;
}

interface Digest {
  update(data: Uint8Array | string): Digest;
  digest(): Uint8Array;
  digest(encoding: "hex"): string;
}

interface Cipher {
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}

type GetBuiltinModule = (id: string) => unknown;

function detect(): SyncCrypto | undefined {
  try {
    const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process
      ?.getBuiltinModule;
    const module = getBuiltinModule?.("node:crypto") as SyncCrypto | undefined;
    return typeof module?.createHmac === "function" && typeof module.createCipheriv === "function"
      ? module
      : undefined;
  } catch {
    return undefined;
  }
}

let syncCrypto = detect();

/** Node's crypto functions when the runtime has them, else undefined (use Web Crypto). */
export function nodeCrypto(): SyncCrypto | undefined {
  return syncCrypto;
}

/** For tests: run on Web Crypto only (false) or with the runtime's sync crypto again (true). */
export function useSyncCrypto(enabled: boolean): void {
  syncCrypto = enabled ? detect() : undefined;
}
