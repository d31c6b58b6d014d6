/**
 * What the Portcullis packages export: the keys of their package.json `exports` maps and the
 * modules behind `./providers/*`. The codemod renames an import only to an entry point listed
 * here, so it never writes an import that fails to resolve. test/entry-points.test.ts checks this
 * table against the packages' manifests and the core's provider modules.
 */

/** The `exports` keys of each Portcullis package an Auth.js import can become. */
export const PORTCULLIS_EXPORTS: Readonly<Record<string, readonly string[]>> = {
  "@portcullis/core": [
    ".",
    "./jwt",
    "./errors",
    "./languages",
    "./node",
    "./adapters",
    "./types",
    "./providers",
    "./providers/*",
    "./package.json",
  ],
  "@portcullis/client": [".", "./react", "./solid-start", "./package.json"],
  "@portcullis/next": [".", "./adapters", "./providers", "./providers/*", "./package.json"],
  "@portcullis/express": [".", "./adapters", "./providers", "./providers/*", "./package.json"],
  "@portcullis/fastify": [".", "./adapters", "./providers", "./providers/*", "./package.json"],
  "@portcullis/hono": [".", "./adapters", "./providers", "./providers/*", "./package.json"],
  "@portcullis/sveltekit": [
    ".",
    "./client",
    "./webauthn",
    "./components",
    "./adapters",
    "./providers",
    "./providers/*",
    "./package.json",
  ],
  "@portcullis/solid-start": [".", "./adapters", "./providers", "./providers/*", "./package.json"],
};

/**
 * The built-in providers: the modules `./providers/*` answers, e.g. `github`, and `oauth`, whose
 * `OAuth()` makes a provider of one's own.
 */
export const PROVIDER_IDS: ReadonlySet<string> = new Set(
  [
    "42-school apple asgardeo atlassian auth0 authentik azure-ad azure-ad-b2c azure-devops",
    "bankid-no battlenet beyondidentity bitbucket box boxyhq-saml bungie click-up cognito",
    "coinbase concept2 credentials descope discord dribbble dropbox duende-identity-server6",
    "email eventbrite eveonline facebook faceit figma forwardemail foursquare freshbooks",
    "frontegg fusionauth github gitlab google hubspot huggingface identity-server4 instagram",
    "kakao keycloak kinde line linkedin logto loops mailchimp mailgun mailru mastodon",
    "mattermost medium microsoft-entra-id naver netlify netsuite nextcloud nodemailer notion",
    "oauth okta onelogin ory-hydra osso osu passage passkey patreon ping-id pinterest pipedrive",
    "postmark reddit resend roblox salesforce sendgrid simplelogin slack spotify strava",
    "threads tiktok todoist trakt twitch twitter united-effects vipps vk webauthn webex",
    "wechat wikimedia wordpress workos yandex zitadel zoho zoom",
  ]
    .join(" ")
    .split(" "),
);

/**
 * Whether a Portcullis module specifier names an entry point its package exports.
 *
 * @param specifier E.g. `@portcullis/core/types` or `@portcullis/core/providers/github`.
 * @returns False for a package not in the table, a subpath its `exports` map lacks, or a
 * provider module that does not exist.
 * @example
 * ```ts
 * isPortcullisEntryPoint("@portcullis/express/adapters") // true
 * isPortcullisEntryPoint("@portcullis/sveltekit/server") // false
 * ```
 */
export function isPortcullisEntryPoint(specifier: string): boolean {
  const [scope, name, ...rest] = specifier.split("/");
  const subpaths = PORTCULLIS_EXPORTS[`${scope}/${name}`];
  if (!subpaths) return false;
  const subpath = rest.length === 0 ? "." : `./${rest.join("/")}`;
  if (subpaths.includes(subpath)) return true;
  const provider = /^\.\/providers\/([^/]+)$/.exec(subpath)?.[1];
  return provider !== undefined && subpaths.includes("./providers/*") && PROVIDER_IDS.has(provider);
}

/** The package part of a module specifier: `@portcullis/core` for `@portcullis/core/jwt`. */
export function packageOf(specifier: string): string {
  return specifier.split("/").slice(0, 2).join("/");
}
