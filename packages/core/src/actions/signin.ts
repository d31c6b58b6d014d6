/**
 * GET signin shows the sign-in page (or redirects to `pages.signIn`); POST signin/{provider}
 * starts that provider's flow after the CSRF check.
 */
import type { Action, ActionContext } from "../context";
import { InvalidProvider, MissingCSRF } from "../errors";
import { flowOf } from "../flows";
import { carriedFlow } from "../flows/carried";
import { html } from "../http/response";
import { type PageProvider, renderSignInPage } from "../pages";
import { providerLogo } from "../pages/provider-logos";
import type { ProviderConfig } from "../types";

function pageProvider(provider: ProviderConfig, ctx: ActionContext): PageProvider {
  return {
    id: provider.id,
    name: provider.name,
    type: provider.type,
    signinUrl: `${ctx.actionUrl}/signin/${provider.id}`,
    callbackUrl: `${ctx.actionUrl}/callback/${provider.id}`,
    style: "style" in provider ? (provider.style as PageProvider["style"]) : undefined,
    mark: providerLogo(provider),
    credentials: provider.type === "credentials" ? provider.credentials : undefined,
    formFields: formFieldsOf(provider),
    enableConditionalUI: provider.type === "webauthn" && provider.enableConditionalUI === true,
    script: carriedFlow(provider)?.pageScript?.(),
  };
}

/** The form fields a provider declares for the built-in page: a passkey form's, or an email form's address. */
function formFieldsOf(provider: ProviderConfig): PageProvider["formFields"] {
  if (provider.type === "webauthn") return provider.formFields;
  if (provider.type === "email" && provider.formFields?.email) return { email: provider.formFields.email };
  return undefined;
}

export const signin: Action = async (req, ctx) => {
  if (req.method === "GET") {
    const callbackUrl = await ctx.callbackUrl();
    const { signIn } = ctx.config.pages;
    if (signIn) {
      const url = new URL(signIn, ctx.origin);
      url.searchParams.set("callbackUrl", callbackUrl);
      if (req.query.error) url.searchParams.set("error", req.query.error);
      return { redirect: url.href };
    }
    const page = renderSignInPage({
      providers: ctx.config.providers.map((p) => pageProvider(p, ctx)),
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error: req.query.error,
      code: req.query.code,
      email: req.query.email,
      theme: ctx.config.theme,
      acceptLanguage: req.request.headers.get("accept-language"),
    });
    return html(page.html, page.status);
  }
  if (!ctx.provider) throw new InvalidProvider(`No provider has the id in ${req.url.pathname}.`);
  if (!(await ctx.csrfVerified())) throw new MissingCSRF("The sign-in form came without a valid CSRF token.");
  return flowOf(ctx.provider).signIn(req, ctx);
};
