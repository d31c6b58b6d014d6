/**
 * The section of the sign-in page for one provider: a button or a form, by provider type.
 *
 * @module
 */
import type { CredentialInput } from "../types";
import { fillIn } from "./fill-in";
import { renderHiddenInputs, renderInputField } from "./form-fields";
import { html, type SafeHtml } from "./html";
import type { Messages } from "./messages";
import { resolveProviderStyle } from "./provider-style";
import { safeLinkUrl } from "./sanitize";
import { plausibleAddress } from "./typed-address";
import type { PageProvider } from "./types";

/** Per-page values every section needs. */
export interface SectionContext {
  csrfToken: string;
  callbackUrl: string;
  /** Prefills email inputs. */
  email?: string | null;
  /** The page's texts. */
  messages: Messages;
}

/** The email provider's address field, in the page's language unless the provider names its own. */
function emailInput(messages: Messages): CredentialInput {
  return {
    label: messages.signInEmailLabel,
    type: "email",
    placeholder: messages.signInEmailPlaceholder,
    required: true,
    autocomplete: "email",
  };
}

function signInWith(provider: PageProvider, context: SectionContext): SafeHtml {
  return fillIn(context.messages.signInWith, { provider: provider.name });
}

/**
 * A form's configured fields. The one named `email` is filled with the address typed before, when
 * that is a plausible address: after a wrong password the visitor corrects the password, not
 * both. No other field is ever filled, least of all a password. The passkey form is never
 * filled: the address arrives in a URL anyone can craft, and a passkey pressed for an unknown
 * address creates that account, so a planted address would put the visitor's passkey on an
 * account whose mailbox someone else reads.
 */
function fields(inputs: Record<string, CredentialInput> | undefined, index: number, email?: string | null) {
  const typed = plausibleAddress(email);
  return Object.entries(inputs ?? {}).map(([name, input], i) =>
    renderInputField(name, input, `p${index}-${i}`, name === "email" ? typed : undefined),
  );
}

function oauthSection(provider: PageProvider, index: number, context: SectionContext): SafeHtml {
  const { logo } = resolveProviderStyle(provider.style);
  return html`<form action="${safeLinkUrl(provider.signinUrl)}" method="post">
${renderHiddenInputs({ csrfToken: context.csrfToken, callbackUrl: context.callbackUrl })}
<button type="submit" class="button provider provider-${index}">${logo !== undefined ? html`<img src="${logo}" alt="" referrerpolicy="no-referrer">` : provider.mark}<span>${signInWith(provider, context)}</span></button>
</form>`;
}

function emailSection(provider: PageProvider, index: number, context: SectionContext): SafeHtml {
  const email = context.email ?? undefined;
  return html`<form action="${safeLinkUrl(provider.signinUrl)}" method="post">
${renderHiddenInputs({ csrfToken: context.csrfToken, callbackUrl: context.callbackUrl })}
${renderInputField("email", { ...emailInput(context.messages), ...provider.formFields?.email, type: "email" }, `p${index}-0`, email)}
<button type="submit" class="button">${signInWith(provider, context)}</button>
</form>`;
}

function credentialsSection(provider: PageProvider, index: number, context: SectionContext): SafeHtml {
  return html`<form action="${safeLinkUrl(provider.callbackUrl)}" method="post">
${renderHiddenInputs({ csrfToken: context.csrfToken, callbackUrl: context.callbackUrl })}
${fields(provider.credentials, index, context.email)}
<button type="submit" class="button">${signInWith(provider, context)}</button>
</form>`;
}

function webauthnSection(provider: PageProvider, index: number, context: SectionContext): SafeHtml {
  // The browser script that runs the WebAuthn ceremony finds this button by its data attribute
  // and posts the result to the callback; the form alone carries the fields and the CSRF token.
  // The conditional marker tells the script to offer this provider's passkeys in autofill on
  // load: the script itself is a constant, so the choice has to travel in the markup.
  const conditional = provider.enableConditionalUI === true && html` data-webauthn-conditional`;
  return html`<form action="${safeLinkUrl(provider.callbackUrl)}" method="post">
${renderHiddenInputs({ csrfToken: context.csrfToken })}
${fields(provider.formFields, index)}
<button type="submit" class="button" data-webauthn-provider="${provider.id}" data-webauthn-no-passkey="${context.messages.signInWebAuthnNoPasskey}" data-webauthn-failed="${context.messages.signInWebAuthnFailed}"${conditional}>${signInWith(provider, context)}</button>
</form>`;
}

const RENDERERS = {
  oauth: oauthSection,
  oidc: oauthSection,
  email: emailSection,
  credentials: credentialsSection,
  webauthn: webauthnSection,
} as const;

/**
 * Renders the sign-in section of one provider: OAuth/OIDC get a button posting to `signinUrl`
 * (with the configured `style.logo`, else the provider's built-in logo when it has one),
 * email a form with an email input posting to `signinUrl`, credentials a form with the
 * configured fields posting to `callbackUrl`, and WebAuthn a form with its fields and a button
 * marked `data-webauthn-provider` (and `data-webauthn-conditional` when the provider offers its
 * passkeys in autofill). Every form carries the CSRF token.
 *
 * @param provider - the provider; every value from it is escaped.
 * @param index - the section's position, used for unique ids and the button's style class.
 * @param context - CSRF token, callback URL and email prefill.
 * @returns the section, or `undefined` for an unknown provider type.
 * @example
 * ```ts
 * renderProviderSection(github, 0, { csrfToken, callbackUrl: "/" })
 * ```
 */
export function renderProviderSection(
  provider: PageProvider,
  index: number,
  context: SectionContext,
): SafeHtml | undefined {
  if (!Object.hasOwn(RENDERERS, provider.type)) return undefined;
  const render = RENDERERS[provider.type];
  return html`<section class="provider-section" data-provider="${provider.id}">
${render(provider, index, context)}
</section>`;
}
