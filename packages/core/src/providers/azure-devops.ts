/**
 * The Azure DevOps provider (Azure DevOps Services OAuth, now deprecated by Microsoft in favour
 * of Microsoft Entra ID).
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
import type {
  OAuth2Config,
  OAuthUserConfig,
  Profile,
  TokenRequestContext,
  TokenSet,
  UserinfoRequestContext,
} from "../types";
import { callbackUrlOf, defineOAuthProvider, requestJson } from "./oauth-factory";

/** The profile as Azure DevOps returns it (`GET /_apis/profile/profiles/me?details=true&coreAttributes=Avatar`). */
export interface AzureDevOpsProfile {
  id: string;
  displayName: string;
  emailAddress: string;
  publicAlias?: string;
  coreAttributes: { Avatar: { value: { value: string; [key: string]: unknown }; [key: string]: unknown } };
  [claim: string]: unknown;
}

/** Options of {@link AzureDevOps}: the common ones plus the scope. */
export type AzureDevOpsUserConfig = OAuthUserConfig<AzureDevOpsProfile> & {
  /** Space-separated Azure DevOps scopes. Default `vso.profile`. */
  scope?: string;
};

const TOKEN_URL = "https://app.vssps.visualstudio.com/oauth2/token";
const PROFILE_URL =
  "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0";

/**
 * Azure DevOps exchanges the code as a JWT bearer assertion (RFC 7523): the client secret is the
 * client assertion and the code the grant's assertion, so the standard token request cannot be
 * used.
 */
async function requestAzureDevOpsToken({ provider, params }: TokenRequestContext): Promise<TokenSet> {
  if (typeof provider.clientSecret !== "string") {
    throw new InvalidConfiguration("The azure-devops provider needs clientSecret (the app secret)");
  }
  const body = new URLSearchParams({
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: provider.clientSecret,
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion: params.get("code") ?? "",
    redirect_uri: callbackUrlOf(provider),
  });
  const url = String(provider.token?.url ?? TOKEN_URL);
  const init = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body };
  return requestJson<TokenSet>(url, init, "Azure DevOps token request");
}

async function requestAzureDevOpsProfile({ provider, tokens }: UserinfoRequestContext): Promise<Profile> {
  const url = String(provider.userinfo?.url ?? PROFILE_URL);
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  return requestJson<Profile>(url, { headers }, "Azure DevOps profile request");
}

/**
 * Sign in with Azure DevOps Services (OAuth 2 with a JWT bearer code exchange). The default scope
 * is `vso.profile`; set `scope` for more. Register `{origin}/auth/callback/azure-devops` as the
 * app's callback URL; the app id and client secret are read from `AUTH_AZURE_DEVOPS_ID` and
 * `AUTH_AZURE_DEVOPS_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `scope` sets the requested scopes.
 * @returns The provider configuration.
 * @see https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/oauth
 * @example
 * ```ts
 * import AzureDevOps from "@portcullis/core/providers/azure-devops"
 * const providers = [AzureDevOps({ clientId: "app-id", clientSecret: "secret", scope: "vso.profile vso.project" })]
 * ```
 */
export default function AzureDevOps(config?: AzureDevOpsUserConfig): OAuth2Config<AzureDevOpsProfile> {
  return defineOAuthProvider<AzureDevOpsProfile>(
    {
      id: "azure-devops",
      name: "Azure DevOps",
      type: "oauth",
      authorization: {
        url: "https://app.vssps.visualstudio.com/oauth2/authorize",
        params: { response_type: "Assertion", scope: config?.scope ?? "vso.profile" },
      },
      token: { url: TOKEN_URL, request: requestAzureDevOpsToken },
      userinfo: { url: PROFILE_URL, request: requestAzureDevOpsProfile },
      profile: (profile) => ({
        id: profile.id,
        name: profile.displayName,
        email: profile.emailAddress,
        image: `data:image/jpeg;base64,${profile.coreAttributes.Avatar.value.value}`,
      }),
      style: { brandColor: "#0078d4" },
    },
    config,
  );
}
