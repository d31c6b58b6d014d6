import { resolveClient } from "../configure-client";
import { signOut as clientSignOut } from "../sign-out";
import type { SignOutOptions } from "../types";
import { reactOptions } from "./client-config";
import { announceSessionChange } from "./session-events";

/**
 * The client's `signOut`, which also tells every `SessionProvider` (on this page and in other
 * tabs) that the session ended, so `useSession` turns unauthenticated everywhere at once. The
 * notice goes out before the browser leaves the page, so it cannot be lost to the navigation.
 * Unless `options` say otherwise, it posts under the `SessionProvider`'s `basePath`, else
 * `/api/auth`, as next-auth/react does.
 *
 * @param options `redirect` (default `true`), `redirectTo`, and client options.
 * @returns `{ url }` with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server is unreachable or answers with an error; nothing is
 *   announced then, since the session may still exist.
 * @example
 * ```ts
 * import { signOut } from "@portcullis/client/react"
 * await signOut({ redirectTo: "/" })
 * ```
 */
export async function signOut(given: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  const options = reactOptions(given);
  const answer = await clientSignOut({ ...options, redirect: false });
  announceSessionChange("signout");
  if (answer === undefined || !(options.redirect ?? true)) return answer;
  resolveClient(options).navigate(answer.url);
  return undefined;
}
