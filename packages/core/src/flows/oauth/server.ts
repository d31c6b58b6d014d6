/**
 * The authorization server metadata a provider is used with: discovered metadata (when the
 * provider needs discovery) with the explicitly configured endpoints laid over it.
 */
import type { AuthorizationServer } from "oauth4webapi";
import { InvalidEndpoints } from "../../errors";
import { discover, discoveryUrl } from "./discovery";
import { type FlowStep, talkTo } from "./failure";
import type { OAuthRuntime } from "./provider";

/**
 * Stands in for the issuer of a plain OAuth 2 provider configured without one. oauth4webapi needs
 * an issuer; this one never equals a real `iss`, so an ID token from such a provider is refused
 * rather than trusted without knowing who should have issued it.
 */
export const UNKNOWN_ISSUER = "https://issuer.invalid/";

interface Merged {
  source: AuthorizationServer | undefined;
  server: AuthorizationServer;
}

/**
 * The merged metadata per runtime, for the discovered document it was built from. Returning the
 * same object while discovery is cached matters: oauth4webapi caches a provider's JWKS per
 * metadata object, so the keys are not fetched again on every sign-in.
 */
const merged = new WeakMap<OAuthRuntime, Merged>();

/** The merged metadata, once it has the endpoints a sign-in needs (each already checked: see `oauthRuntime` and `discover`). */
function check(server: AuthorizationServer, runtime: OAuthRuntime): AuthorizationServer {
  const { id } = runtime.provider;
  if (!server.authorization_endpoint) {
    throw new InvalidEndpoints(
      `OAuth provider "${id}" has no authorization endpoint (configured or discovered).`,
    );
  }
  if (!server.token_endpoint && !runtime.provider.token?.request) {
    throw new InvalidEndpoints(`OAuth provider "${id}" has no token endpoint (configured or discovered).`);
  }
  return server;
}

function merge(runtime: OAuthRuntime, discovered: AuthorizationServer | undefined): AuthorizationServer {
  const { endpoints, provider } = runtime;
  return check(
    {
      ...discovered,
      issuer: discovered?.issuer ?? provider.issuer ?? UNKNOWN_ISSUER,
      authorization_endpoint: endpoints.authorization?.href ?? discovered?.authorization_endpoint,
      token_endpoint: endpoints.token?.href ?? discovered?.token_endpoint,
      userinfo_endpoint: endpoints.userinfo?.href ?? discovered?.userinfo_endpoint,
      jwks_uri: endpoints.jwks?.href ?? discovered?.jwks_uri,
    },
    runtime,
  );
}

/**
 * The provider's authorization server metadata: discovered (and cached, see `discover`) when
 * the configuration leaves endpoints to discovery, with explicit endpoints winning.
 *
 * @param runtime - The normalised provider.
 * @param step - Where in the flow it is needed, for the error a failed discovery raises.
 * @param now - The current time in ms.
 * @param timeoutMs - How long discovery may take, in ms (`timeouts.http`).
 * @returns The metadata; the same object while the discovered document is cached.
 * @throws {OAuthSignInError | CallbackRouteError} When discovery fails (naming provider and URL).
 * @throws {InvalidEndpoints} When a needed endpoint is missing or not https.
 * @example
 * ```ts
 * const as = await authorizationServer(oauthRuntime(config), "signIn", ctx.now, ctx.config.timeouts.http)
 * ```
 */
export async function authorizationServer(
  runtime: OAuthRuntime,
  step: FlowStep,
  now: number,
  timeoutMs: number,
): Promise<AuthorizationServer> {
  const source = runtime.discovery;
  const discovered = source
    ? await talkTo(step, runtime.provider.id, `discovery request to ${discoveryUrl(source)}`, () =>
        discover(source, runtime.provider.id, now, timeoutMs, runtime.fetch),
      )
    : undefined;
  const memo = merged.get(runtime);
  if (memo && memo.source === discovered) return memo.server;
  const server = merge(runtime, discovered);
  merged.set(runtime, { source: discovered, server });
  return server;
}
