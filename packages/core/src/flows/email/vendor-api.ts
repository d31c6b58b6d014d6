/**
 * What the HTTP-API email providers (Resend, Postmark, SendGrid, Mailgun) share: finding the API
 * key and posting one request with `fetch`, failing on any non-2xx answer.
 *
 * @module
 */

import { discardBody } from "../../cancel-body";
import { envProviderKey, processEnv } from "../../config/env";
import type { EmailConfig } from "../../types";

/**
 * The API key of a provider: its `apiKey`, else the variable `AUTH_{ID}_KEY` (for example
 * `AUTH_RESEND_KEY`), the name Auth.js reads. Read at send time, so a key set after the
 * configuration was built is still found.
 *
 * @param provider - The email provider.
 * @returns The key.
 * @throws {Error} When neither is set; the message names the variable, never a key.
 * @example
 * ```ts
 * const key = vendorApiKey(provider) // provider.apiKey ?? process.env.AUTH_RESEND_KEY
 * ```
 */
export function vendorApiKey(provider: EmailConfig): string {
  const variable = `AUTH_${envProviderKey(provider.id)}_KEY`;
  const key =
    typeof provider.apiKey === "string" && provider.apiKey ? provider.apiKey : processEnv()[variable];
  if (!key)
    throw new Error(`The email provider "${provider.id}" has no API key: set \`apiKey\` or ${variable}.`);
  return key;
}

/**
 * The base URL of a vendor's API without a trailing slash: the provider's `apiUrl` (a proxy, or
 * a local server in tests) or the vendor's default.
 *
 * @param provider - The email provider.
 * @param fallback - The vendor's documented base URL.
 * @returns The base URL.
 * @example
 * ```ts
 * `${vendorBaseUrl(provider, "https://api.resend.com")}/emails`
 * ```
 */
export function vendorBaseUrl(provider: EmailConfig, fallback: string): string {
  const base = typeof provider.apiUrl === "string" && provider.apiUrl ? provider.apiUrl : fallback;
  return base.replace(/\/+$/, "");
}

/**
 * Sends one request to a vendor's API. A non-2xx answer throws with the vendor's name and HTTP
 * status only: the body is not read into the message, because vendors may echo the request
 * (which holds the sign-in link) and error text ends up in logs.
 *
 * @param vendor - The vendor's name, for the error message.
 * @param url - The endpoint.
 * @param init - Method, headers and body.
 * @throws {Error} When the request fails or the answer is not 2xx.
 * @example
 * ```ts
 * await postToVendor("Resend", "https://api.resend.com/emails", { method: "POST", headers, body })
 * ```
 */
export async function postToVendor(vendor: string, url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, init);
  discardBody(response);
  if (!response.ok) throw new Error(`${vendor} refused the sign-in email: HTTP ${response.status}.`);
}

/**
 * Splits a sender written as `Name <address>` into its display name and address; a bare
 * address is returned as is. APIs such as SendGrid's take the two separately.
 *
 * @param mailbox - The sender as configured.
 * @returns The address and, when there is one, the display name (quotes removed).
 * @example
 * ```ts
 * mailboxParts('"Example" <no-reply@example.com>') // { name: "Example", address: "no-reply@example.com" }
 * ```
 */
export function mailboxParts(mailbox: string): { name?: string; address: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!match) return { address: mailbox.trim() };
  const name = (match[1] ?? "").replace(/^"(.*)"$/, "$1").trim();
  const address = (match[2] ?? "").trim();
  return name ? { name, address } : { address };
}
