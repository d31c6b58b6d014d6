/**
 * Node's synchronous crypto functions and its Buffer codec, where the runtime offers them. Web
 * Crypto is async-only, and in Node every call is a thread-pool round trip (tens of
 * microseconds), which dominates a session request that needs three or four of them; and a
 * session token is three base64url strings, which Buffer codes natively several times faster
 * than a JavaScript loop. Node, Bun and Deno expose `node:crypto` and `node:buffer` through
 * `process.getBuiltinModule`, with no import, so the core stays portable: on runtimes without it
 * (edge workers, browsers) these are undefined and Web Crypto and jose are used.
 */

/** The part of `node:crypto` the hot paths use, described structurally. */
export interface SyncCrypto {
  createHmac(algorithm: "sha512", key: Uint8Array): Digest;
  createHash(algorithm: "sha256"): Digest;
  createCipheriv(algorithm: "aes-256-cbc", key: Uint8Array, iv: Uint8Array): Cipher;
  createDecipheriv(algorithm: "aes-256-cbc", key: Uint8Array, iv: Uint8Array): Cipher;
  /** One-shot digest (Node 20.12+): no Hash object, so nothing for the collector to finalise. */
  hash?(algorithm: "sha256", data: string, encoding: "hex"): string;
  hash?(algorithm: "sha512", data: Uint8Array, encoding: "latin1"): string;
}

interface Digest {
  update(data: Uint8Array | string): Digest;
  digest(): NodeBytes;
  digest(encoding: "hex"): string;
}

export interface Cipher {
  update(data: Uint8Array): NodeBytes;
  final(): NodeBytes;
  setAutoPadding(enabled: boolean): Cipher;
}

/** The part of a Node `Buffer` instance the hot paths use. */
export interface NodeBytes extends Uint8Array {
  write(text: string, offset: number, encoding: "latin1" | "utf8"): number;
  write(text: string, offset: number, length: number, encoding: "latin1" | "base64url"): number;
  toString(encoding?: "base64url", start?: number, end?: number): string;
  copy(target: Uint8Array, targetStart: number, sourceStart: number, sourceEnd?: number): number;
  writeUInt32BE(value: number, offset: number): number;
  subarray(start?: number, end?: number): NodeBytes;
}

/** The part of Node's `Buffer` the hot paths use. */
export interface BufferCodec {
  from(bytes: ArrayBufferLike, offset: number, length: number): NodeBytes;
  from(bytes: Uint8Array): NodeBytes;
  from(text: string, encoding: "base64url" | "utf8"): NodeBytes;
  alloc(size: number): NodeBytes;
  concat(list: readonly Uint8Array[]): NodeBytes;
}

type GetBuiltinModule = (id: string) => unknown;

function builtin(id: string): unknown {
  try {
    const scope = globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } };
    return scope.process?.getBuiltinModule?.(id);
  } catch {
    return undefined;
  }
}

function detectCrypto(): SyncCrypto | undefined {
  const module = builtin("node:crypto") as Partial<SyncCrypto> | undefined;
  return typeof module?.createHmac === "function" && typeof module.createCipheriv === "function"
    ? (module as SyncCrypto)
    : undefined;
}

function detectBuffer(): BufferCodec | undefined {
  const module = builtin("node:buffer") as { Buffer?: BufferCodec } | undefined;
  const codec = module?.Buffer;
  return typeof codec?.from === "function" && typeof codec.alloc === "function" ? codec : undefined;
}

let syncCrypto = detectCrypto();
let buffer = detectBuffer();

/** Node's crypto functions when the runtime has them, else undefined (use Web Crypto). */
export function nodeCrypto(): SyncCrypto | undefined {
  return syncCrypto;
}

/** Node's Buffer when the runtime has it, else undefined (use jose's codec). */
export function nodeBuffer(): BufferCodec | undefined {
  return buffer;
}

/**
 * For tests: run on Web Crypto and jose only (false), or with the runtime's Node built-ins again
 * (true).
 */
export function useSyncCrypto(enabled: boolean): void {
  syncCrypto = enabled ? detectCrypto() : undefined;
  buffer = enabled ? detectBuffer() : undefined;
}
