/** The sign-in methods by provider type. */
import type { ProviderType } from "../types";
import { credentialsFlow } from "./credentials";
import { emailFlow } from "./email";
import { oauthFlow } from "./oauth";
import { isOAuth1, oauth1Flow } from "./oauth1";
import type { Flow } from "./types";
import { webauthnHandOff } from "./webauthn-hand-off";

/** The `oauth` type's flow: OAuth 1.0a for `version: "1.0A"` (Twitter's legacy variant), else OAuth 2. */
const oauthOrOAuth1: Flow = {
  signIn: (req, ctx) => (isOAuth1(ctx.provider) ? oauth1Flow : oauthFlow).signIn(req, ctx),
  callback: (req, ctx) => (isOAuth1(ctx.provider) ? oauth1Flow : oauthFlow).callback(req, ctx),
};

/** Each provider type's flow. */
export const flows: Record<ProviderType, Flow> = {
  credentials: credentialsFlow,
  oauth: oauthOrOAuth1,
  oidc: oauthFlow,
  email: emailFlow,
  // The provider brings this one (see webauthn-hand-off.ts), so Auth alone does not bundle it.
  webauthn: webauthnHandOff,
};
