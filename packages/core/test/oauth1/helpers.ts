/** What the OAuth 1.0a tests share: an app signing in with Twitter 1.0A against a stand-in Twitter. */
import type { AuthConfig } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import Twitter from "../../src/providers/twitter";
import { browser, oauthConfig } from "../oauth/helpers";

/**
 * An app on a memory adapter whose Twitter (`version: "1.0A"`) endpoints are those of the stand-in
 * Twitter served at `base`.
 *
 * @param base The stand-in's origin, e.g. `http://127.0.0.1:4000`.
 * @param options The consumer key and secret, and configuration laid over the app's.
 * @returns The adapter, the configuration and a browser of the app.
 */
export function twitterApp(
  base: string,
  options: { clientId?: string; clientSecret?: string; config?: Partial<AuthConfig> } = {},
) {
  const adapter = MemoryAdapter();
  const provider = Twitter({
    version: "1.0A",
    clientId: options.clientId ?? "key",
    clientSecret: options.clientSecret ?? "secret",
    requestTokenUrl: `${base}/oauth/request_token`,
    authorization: `${base}/oauth/authenticate`,
    token: `${base}/oauth/access_token`,
    userinfo: `${base}/1.1/account/verify_credentials.json?include_email=true`,
  });
  const config = oauthConfig([], { adapter, providers: [provider], ...options.config });
  return { adapter, config, client: browser(config) };
}
