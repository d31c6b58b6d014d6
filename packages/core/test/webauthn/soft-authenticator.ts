/**
 * A software WebAuthn authenticator for HTTP-level tests: it makes real ES256 credentials and
 * answers registration ("none" attestation) and authentication ceremonies with real signatures,
 * byte for byte what a browser would post, so the server's verification runs unchanged. The
 * browser test covers the same flow in Chromium; this one lets tests craft exact (and broken)
 * responses without a browser.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Record<string, unknown>;

function head(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 256) return Uint8Array.of((major << 5) | 24, length);
  return Uint8Array.of((major << 5) | 25, length >> 8, length & 255);
}

/** A minimal CBOR encoder (RFC 8949): small integers, byte and text strings, maps. */
function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v as Cbor)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** One credential held by the soft authenticator. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
}

/** What a ceremony answers with: the object a browser's credential serialises to. */
export interface CredentialJSON {
  id: string;
  rawId: string;
  type: "public-key";
  response: Record<string, unknown>;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** The options fields the authenticator reads. */
interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

/** An authenticator bound to an origin (the page the ceremony runs on). */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin = "http://localhost:3000") {}

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /**
   * Makes a new credential for registration options; returns the registration response. The
   * credential id is random unless given: a hostile authenticator may claim any id it likes.
   */
  create(options: CeremonyOptions, id: Buffer = randomBytes(32)): CredentialJSON {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const credential: SoftCredential = { id, privateKey, counter: 0 };
    this.credentials.push(credential);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credential.id.length);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      sha256(rpId),
      Uint8Array.of(0x45),
      counterBytes(0),
      Buffer.alloc(16),
      length,
      credential.id,
      cbor(coseKey),
    ]);
    const attestationObject = cbor({ fmt: "none", attStmt: new Map(), authData });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** Signs authentication options with a credential (the latest by default), advancing its counter. */
  get(options: CeremonyOptions, credential = this.credentials.at(-1)): CredentialJSON {
    if (!credential) throw new Error("The soft authenticator holds no credential.");
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    credential.counter += 1;
    const authData = Buffer.concat([sha256(rpId), Uint8Array.of(0x05), counterBytes(credential.counter)]);
    const clientData = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
