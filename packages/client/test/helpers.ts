/**
 * Shared setup of the client tests: a real Portcullis server on loopback, and a "browser" for the
 * client made of a cookie-keeping fetch and a navigation recorder.
 */
import { type ClientOptions, type SignInResult, signIn } from "@portcullis/client";
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import Email from "@portcullis/core/providers/email";
import GitHub from "@portcullis/core/providers/github";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { CookieJar, type ServedApp, serve } from "@portcullis/testkit";

export const SECRET = "client-test-secret-with-at-least-32-characters";

/** What a test browser saw: its cookies, the requests it sent and the pages it navigated to. */
export interface Browser {
  jar: CookieJar;
  /** `METHOD url` of every request, in order. */
  requests: string[];
  /** Every URL the client navigated to, in order. */
  visits: string[];
  /** Client options that make the client use this browser against `baseUrl`. */
  options: ClientOptions;
}

/**
 * A browser for the client: a fetch that sends and stores cookies like a browser does for one
 * site, and a `navigate` that records instead of leaving the page.
 */
export function browser(baseUrl: string): Browser {
  const jar = new CookieJar();
  const requests: string[] = [];
  const visits: string[] = [];
  const cookieFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const cookie = jar.header();
    if (cookie) request.headers.set("cookie", cookie);
    requests.push(`${request.method} ${request.url}`);
    const response = await fetch(request, { redirect: "manual" });
    jar.update(response);
    return response;
  };
  return {
    jar,
    requests,
    visits,
    options: { baseUrl, fetch: cookieFetch, navigate: (url) => visits.push(url) },
  };
}

/** A Portcullis config, the magic links its email provider "sent" and the errors it logged. */
export interface PortcullisSetup {
  config: AuthConfig;
  links: { identifier: string; url: string }[];
  errors: Error[];
}

/** A running Portcullis app with its setup. */
export interface PortcullisApp extends PortcullisSetup {
  app: ServedApp;
}

/**
 * A config with credentials (alice / wonderland), email (memory adapter) and GitHub, JWT sessions,
 * and a `jwt` callback that applies a client update's `name`.
 */
export function portcullisConfig(overrides: Partial<AuthConfig> = {}): PortcullisSetup {
  const links: PortcullisSetup["links"] = [];
  const errors: Error[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: { error: (error) => void errors.push(error), warn: () => {} },
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: async (input) =>
          input.username === "alice" && input.password === "wonderland"
            ? { id: "u1", name: "Alice", email: "alice@example.com" }
            : null,
      }),
      Email({
        sendVerificationRequest: async ({ identifier, url }) => {
          links.push({ identifier, url });
        },
      }),
      GitHub({ clientId: "client-id", clientSecret: "client-secret" }),
    ],
    callbacks: {
      jwt: ({ token, trigger, session }) => {
        const name = (session as { name?: unknown } | undefined)?.name;
        return trigger === "update" && typeof name === "string" ? { ...token, name } : token;
      },
    },
    ...overrides,
  };
  return { config, links, errors };
}

/** Serves {@link portcullisConfig} on loopback. */
export async function startPortcullis(overrides: Partial<AuthConfig> = {}): Promise<PortcullisApp> {
  const setup = portcullisConfig(overrides);
  const app = await serve((request) => Auth(request, setup.config));
  return { ...setup, app };
}

/**
 * Signs `tab` in as alice with the credentials provider, without navigating; `redirectTo` is
 * where the server should send her (default: the client's default, the current page).
 */
export function signInAsAlice(tab: Browser, redirectTo?: string): Promise<SignInResult | undefined> {
  return signIn("credentials", {
    ...tab.options,
    username: "alice",
    password: "wonderland",
    redirect: false,
    ...(redirectTo !== undefined && { redirectTo }),
  });
}
