/**
 * The Azure Active Directory provider: the former name of Microsoft Entra ID, kept so that apps
 * configured with the id `azure-ad` keep their callback URL and their linked accounts.
 *
 * @module
 */
import type { OIDCConfig } from "../types";
import MicrosoftEntraID, {
  type MicrosoftEntraIDProfile,
  type MicrosoftEntraIDUserConfig,
} from "./microsoft-entra-id";

/** The claims of a Microsoft identity platform ID token (see {@link MicrosoftEntraIDProfile}). */
export type AzureADProfile = MicrosoftEntraIDProfile;

/**
 * Sign in with Microsoft Entra ID under the id `azure-ad` (name "Azure Active Directory"). It is
 * {@link MicrosoftEntraID} in every other respect, options included (`tenantId`, `issuer`); the
 * client id and secret are read from `AUTH_AZURE_AD_ID` and `AUTH_AZURE_AD_SECRET`. New apps
 * should use `microsoft-entra-id`.
 *
 * @param config Overrides of the defaults, as for Microsoft Entra ID.
 * @returns The provider configuration.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 * @example
 * ```ts
 * import AzureAD from "@portcullis/core/providers/azure-ad"
 * const providers = [AzureAD({ tenantId: "00000000-0000-0000-0000-000000000000", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function AzureAD(config?: MicrosoftEntraIDUserConfig): OIDCConfig<AzureADProfile> {
  return {
    ...MicrosoftEntraID(config),
    id: config?.id ?? "azure-ad",
    name: config?.name ?? "Azure Active Directory",
  };
}
