/**
 * The built-in sign-in page.
 *
 * @module
 */
import type { Theme } from "../types";
import { html, type SafeHtml } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import { resolveProviderStyle } from "./provider-style";
import { signInErrorMessage } from "./signin-errors";
import { renderProviderSection } from "./signin-sections";
import { resolveTheme } from "./theme";
import type { PageProvider, RenderedPage } from "./types";

/** What {@link renderSignInPage} needs. */
export interface SignInPageOptions {
  /** The providers, in configuration order. */
  providers: PageProvider[];
  csrfToken: string;
  /** Where to go after signing in; sent back in every form. */
  callbackUrl: string;
  /** The `error` query parameter; selects a message and is never shown itself. */
  error?: string | null;
  /**
   * The `code` query parameter of a `CredentialsSignin` error. Accepted for the caller's
   * convenience but not shown: it travels in a URL anyone can craft, and an application code
   * must not hint at which detail was wrong.
   */
  code?: string | null;
  /** Prefills the email input. */
  email?: string | null;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
}

/** CSS giving each OAuth/OIDC button its provider's validated color, by section index. */
function providerCss(providers: PageProvider[]): string {
  return providers
    .map((provider, index) => {
      if (provider.type !== "oauth" && provider.type !== "oidc") return "";
      const { declarations } = resolveProviderStyle(provider.style);
      return declarations === "" ? "" : `.provider-${index}{${declarations}}`;
    })
    .filter(Boolean)
    .join("\n");
}

function joinWithDividers(sections: SafeHtml[], word: string): SafeHtml[] {
  const divider = html`<div class="divider"><span>${word}</span></div>`;
  return sections.flatMap((section, i) => (i === 0 ? [section] : [divider, section]));
}

/** Each distinct script the providers bring, once, in configuration order. */
function providerScripts(providers: readonly PageProvider[]): SafeHtml[] {
  const seen = new Set<string>();
  return providers.flatMap(({ script }) => {
    if (!script || seen.has(script.toString())) return [];
    seen.add(script.toString());
    return [script];
  });
}

/**
 * Renders the sign-in page: one section per provider in configuration order, separated by
 * dividers, each a form that posts with the CSRF token (see `renderProviderSection`), and a
 * message box when `error` is set, and the scripts the providers bring (a WebAuthn provider's
 * passkey ceremony, see `webauthn-script.ts`), each once. The texts are in the language
 * `pageLanguage` picks from the theme and the `Accept-Language` header. Every value is escaped; theme and
 * provider colors and logos are validated and dropped when unsafe.
 *
 * @param options - providers, CSRF token, callback URL, error, email prefill, theme and
 *   `Accept-Language` header.
 * @returns the page, with status 200.
 * @example
 * ```ts
 * const { html, status } = renderSignInPage({
 *   providers: [{ id: "github", name: "GitHub", type: "oauth", signinUrl: "/auth/signin/github", callbackUrl: "/auth/callback/github" }],
 *   csrfToken, callbackUrl: "/dashboard", theme: {},
 * });
 * ```
 */
export function renderSignInPage(options: SignInPageOptions): RenderedPage {
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const context = {
    csrfToken: options.csrfToken,
    callbackUrl: options.callbackUrl,
    email: options.email,
    messages,
  };
  const sections = options.providers
    .map((provider, index) => renderProviderSection(provider, index, context))
    .filter((section) => section !== undefined);
  const body = html`<h1>${messages.signInTitle}</h1>
${options.error && html`<div class="alert" role="alert">${signInErrorMessage(options.error, messages)}</div>`}
${sections.length === 0 ? html`<p class="muted center">${messages.signInNoProviders}</p>` : joinWithDividers(sections, messages.signInDivider)}
${providerScripts(options.providers)}`;
  const page = renderLayout({
    title: messages.signInTitle,
    theme: resolveTheme(options.theme),
    language,
    body,
    extraCss: providerCss(options.providers),
  });
  return { html: page, status: 200 };
}
