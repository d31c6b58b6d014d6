/** The sign-in methods by provider type. */
import type { ProviderType } from "../types";
import { credentialsFlow } from "./credentials";
import { emailFlow } from "./email";
import { oauthFlow } from "./oauth";
import type { Flow } from "./types";
import { webauthnFlow } from "./webauthn";

/** Each provider type's flow. */
export const flows: Record<ProviderType, Flow> = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oauthFlow,
  email: emailFlow,
  webauthn: webauthnFlow,
};
