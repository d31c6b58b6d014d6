/** The sign-in methods by provider type. */

import { InvalidProvider } from "../errors";
import type { ProviderType } from "../types";
import { credentialsFlow } from "./credentials";
import { emailFlow } from "./email";
import { oauthFlow } from "./oauth";
import type { Flow } from "./types";

function unavailable(type: string): Flow {
  const fail = async (): Promise<never> => {
    throw new InvalidProvider(`Sign-in with ${type} providers is not available in this build yet.`);
  };
  return { signIn: fail, callback: fail, options: fail };
}

/** Each provider type's flow. */
export const flows: Record<ProviderType, Flow> = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oauthFlow,
  email: emailFlow,
  webauthn: unavailable("WebAuthn"),
};
