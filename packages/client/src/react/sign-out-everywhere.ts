import { resolveClient } from "../configure-client";
import { signOutEverywhere as clientSignOutEverywhere } from "../sign-out-everywhere";
import type { SignOutEverywhereResult, SignOutOptions } from "../types";
import { reactOptions } from "./client-config";
import { announceSessionChange } from "./session-events";

/**
 * The client's `signOutEverywhere`, which also tells every `SessionProvider` (on this page and in
 * other tabs) that the session ended, as this entry's `signOut` does: `useSession` turns
 * unauthenticated in this browser at once, and in other browsers at their next refetch. The
 * notice goes out before the browser leaves the page.
 *
 * @param options `redirect` (default `true`), `redirectTo`, and client options.
 * @returns `{ url, revoked }` with `redirect: false`, else `undefined`.
 * @throws ClientFetchError as the client's `signOutEverywhere` does; nothing is announced then.
 * @example
 * ```ts
 * import { signOutEverywhere } from "@portcullis/client/react"
 * await signOutEverywhere({ redirectTo: "/" })
 * ```
 */
export async function signOutEverywhere(
  given: SignOutOptions = {},
): Promise<SignOutEverywhereResult | undefined> {
  const options = reactOptions(given);
  const answer = await clientSignOutEverywhere({ ...options, redirect: false });
  announceSessionChange("signout");
  if (answer === undefined || !(options.redirect ?? true)) return answer;
  resolveClient(options).navigate(answer.url);
  return undefined;
}
