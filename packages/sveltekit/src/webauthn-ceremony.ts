/**
 * The browser's half of a WebAuthn sign-in: the options the server's `webauthn-options` action
 * answers (JSON, bytes as base64url) turned into `navigator.credentials` calls, and the credential
 * turned back into the JSON the callback reads. The same conversion as the built-in sign-in
 * page's script, written once more in typed form because that one is an inline constant.
 *
 * @module
 */

/** What `{basePath}/webauthn-options/<id>` answers. */
export interface WebAuthnOptionsAnswer {
  action: "authenticate" | "register";
  // The server's options, as JSON: their shape is the WebAuthn spec's, with bytes as base64url.
  options: Record<string, unknown>;
}

type Descriptor = { id: string; [key: string]: unknown };

/** Bytes of a base64url string (no padding, `-` and `_`). */
function bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Base64url of bytes, without padding. */
function base64url(buffer: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] {
  return ((list as Descriptor[] | undefined) ?? []).map((item) => ({
    ...item,
    type: "public-key",
    id: bytes(item.id),
  }));
}

/** The credential as JSON, with its bytes in base64url, as the callback's `data` field. */
function credentialJson(credential: PublicKeyCredential): string {
  const answer = credential.response;
  const response: Record<string, unknown> = { clientDataJSON: base64url(answer.clientDataJSON) };
  if (answer instanceof AuthenticatorAttestationResponse) {
    response.attestationObject = base64url(answer.attestationObject);
    response.transports = answer.getTransports?.() ?? [];
  } else {
    const assertion = answer as AuthenticatorAssertionResponse;
    response.authenticatorData = base64url(assertion.authenticatorData);
    response.signature = base64url(assertion.signature);
    if (assertion.userHandle) response.userHandle = base64url(assertion.userHandle);
  }
  return JSON.stringify({
    id: credential.id,
    rawId: base64url(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  });
}

/**
 * Runs the ceremony the server asked for: creates a passkey (`register`) or signs the challenge
 * with one (`authenticate`), the browser asking the person.
 *
 * @param answer The `webauthn-options` answer.
 * @returns The callback's fields: `action`, and `data`, the credential as a JSON string.
 * @throws DOMException when the person cancels or the authenticator refuses; Error when the
 *   browser answers no credential.
 * @example
 * ```ts
 * const { action, data } = await runCeremony(await (await fetch("/auth/webauthn-options/passkey")).json())
 * ```
 */
export async function runCeremony(
  answer: WebAuthnOptionsAnswer,
): Promise<{ action: WebAuthnOptionsAnswer["action"]; data: string }> {
  const options = answer.options;
  const challenge = bytes(options.challenge as string);
  const credential =
    answer.action === "register"
      ? await navigator.credentials.create({
          publicKey: {
            ...(options as unknown as PublicKeyCredentialCreationOptions),
            challenge,
            user: {
              ...(options.user as PublicKeyCredentialUserEntity),
              id: bytes((options.user as { id: string }).id),
            },
            excludeCredentials: descriptors(options.excludeCredentials),
          },
        })
      : await navigator.credentials.get({
          publicKey: {
            ...(options as unknown as PublicKeyCredentialRequestOptions),
            challenge,
            allowCredentials: descriptors(options.allowCredentials),
          },
        });
  if (!(credential instanceof PublicKeyCredential)) throw new Error("The browser returned no passkey.");
  return { action: answer.action, data: credentialJson(credential) };
}
