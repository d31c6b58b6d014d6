/**
 * Microsoft identity platform's multi-tenant authorities: `/common`, `/organizations` and
 * `/consumers`. One such authority signs in the users of many tenants, and every tenant is an
 * issuer of its own, so the authority's discovery document cannot name a single issuer: it names
 * the template `https://login.microsoftonline.com/{tenantid}/v2.0` (`/consumers` names the
 * personal-accounts tenant), and each ID token carries its user's tenant, in `iss` and in `tid`.
 * Microsoft tells multi-tenant apps to check a token against the issuer of its `tid`; so here the
 * authority's document is accepted under that template, and each ID token is checked against the
 * issuer and keys of its tenant, whose document is discovered and cached like any other.
 *
 * Only providers that declare these rules ({@link tenantRules}: Microsoft Entra ID and Azure AD)
 * get them, on those three paths only; every other issuer must be named exactly by its document
 * and by its tokens.
 */
import { decodeJwt } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import type { ActionContext } from "../../context";
import { discoverTenant, discoveryUrl } from "./discovery";
import { type FlowStep, talkTo } from "./failure";
import type { OAuthRuntime } from "./provider";

/**
 * Key of the internal provider option that declares how the provider's issuer varies per tenant:
 * its {@link TenantRules}. The Microsoft Entra ID and Azure AD providers set it to
 * {@link microsoftTenants}; not meant for applications. Declared by the provider rather than
 * built into the flow, so bundles without those providers do not carry the rules. A registered
 * symbol, so two copies of the package still agree on it.
 *
 * @example
 * ```ts
 * const provider = { ...oidcConfig, [tenantRules]: microsoftTenants }
 * ```
 */
export const tenantRules: unique symbol = Symbol.for("@portcullis/core.tenantRules");

/** A multi-tenant authority, as the flow uses it. */
export interface TenantAuthority {
  /** The issuer the authority's discovery document names. */
  documentIssuer: string;
  /**
   * The authorization server metadata an answer's ID token is checked against: that of the
   * tenant the token names, or `server` when the answer holds no ID token to read.
   */
  idTokenServer(
    runtime: OAuthRuntime,
    server: AuthorizationServer,
    response: Response,
    step: FlowStep,
    ctx: Pick<ActionContext, "now" | "config">,
  ): Promise<AuthorizationServer>;
}

/** The multi-tenant authority an issuer is, or undefined when it is a single issuer. */
export type TenantRules = (issuer: string) => TenantAuthority | undefined;

/** A provider configuration that may declare its {@link TenantRules}. */
export interface WithTenantRules {
  [tenantRules]?: TenantRules;
}

const MULTI_TENANT_PATH = /^\/(common|organizations|consumers)\/v2\.0$/;

/** The tenant of every personal Microsoft account; `/consumers` names it as its issuer. */
const PERSONAL_ACCOUNTS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

/**
 * A tenant id is a GUID. Anything else is refused before it is put into a URL path, so a token
 * cannot steer discovery elsewhere on the host (`../`, a domain, a query).
 */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Microsoft identity platform's tenant rules (see the module description): an issuer whose path
 * is `/common/v2.0`, `/organizations/v2.0` or `/consumers/v2.0` is a multi-tenant authority;
 * any other (a single tenant's) is not. Called once per provider (see `oauthRuntime`).
 *
 * @param issuer - The provider's configured issuer.
 * @returns The authority, or undefined for a single tenant's issuer.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens#validate-the-issuer
 * @example
 * ```ts
 * microsoftTenants("https://login.microsoftonline.com/common/v2.0")?.documentIssuer // "https://login.microsoftonline.com/{tenantid}/v2.0"
 * ```
 */
export const microsoftTenants: TenantRules = (issuer) => {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return undefined;
  }
  const match = MULTI_TENANT_PATH.exec(url.pathname);
  if (!match || url.search !== "" || url.hash !== "") return undefined;
  const named = match[1] === "consumers" ? PERSONAL_ACCOUNTS_TENANT : "{tenantid}";
  const { origin } = url;
  return {
    documentIssuer: `${origin}/${named}/v2.0`,
    idTokenServer: (runtime, server, response, step, ctx) =>
      tenantServer(origin, runtime, server, response, step, ctx),
  };
};

/**
 * The tenant a token answer's ID token names in `tid`. Undefined when there is no ID token to
 * read (an error answer, no `id_token`, a malformed one): the token checks refuse that answer on
 * their own. The token is not verified yet; its tenant only chooses the issuer and keys it is
 * then verified with, and a wrong `tid` fails that check.
 */
async function idTokenTenant(response: Response): Promise<string | undefined> {
  if (!response.ok) return undefined;
  let claims: Record<string, unknown>;
  try {
    const body = (await response.clone().json()) as { id_token?: unknown };
    if (typeof body.id_token !== "string") return undefined;
    claims = decodeJwt(body.id_token);
  } catch {
    return undefined;
  }
  if (typeof claims.tid !== "string" || !TENANT_ID.test(claims.tid))
    throw new Error("the tid claim is not a Microsoft tenant id (a GUID)");
  return claims.tid;
}

/**
 * The metadata of the tenant an answer's ID token names (`{origin}/{tid}/v2.0`: its issuer and
 * key set), discovered once and cached per tenant (see `discoverTenant`).
 *
 * @throws {CallbackRouteError} When the ID token's `tid` is not a tenant id, or the tenant's
 * document cannot be discovered or does not name that tenant's issuer.
 * @throws {OAuthProviderUnavailable} When the tenant's document cannot be fetched.
 */
async function tenantServer(
  origin: string,
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  response: Response,
  step: FlowStep,
  ctx: Pick<ActionContext, "now" | "config">,
): Promise<AuthorizationServer> {
  const { id } = runtime.provider;
  const tenant = await talkTo(step, id, "ID token's tenant check", () => idTokenTenant(response));
  if (tenant === undefined) return server;
  const issuer = `${origin}/${tenant}/v2.0`;
  // `/consumers` already names its one tenant.
  if (issuer === server.issuer) return server;
  return talkTo(step, id, `discovery request to ${discoveryUrl({ issuer })}`, () =>
    discoverTenant(issuer, id, ctx.now, ctx.config.timeouts.http, runtime.fetch),
  );
}
