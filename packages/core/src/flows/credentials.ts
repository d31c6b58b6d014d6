/**
 * Credentials sign-in: the app's `authorize` checks the submitted fields. Works with JWT sessions
 * and, unlike Auth.js, with database sessions too, when the returned user exists in the adapter.
 */

import { callAdapter } from "../adapter/call";
import { sameId } from "../adapter/ids";
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import {
  AdapterError,
  CallbackRouteError,
  CredentialsSignin,
  MissingCSRF,
  UnknownAction,
  UnsupportedStrategy,
} from "../errors";
import type { CredentialsConfig, User } from "../types";
import { refundCredentialsAttempt, takeCredentialsAttempt } from "./credentials-limit";
import { checkSignIn, startSession } from "./sign-in";
import type { Flow } from "./types";

async function authorize(provider: CredentialsConfig, req: AuthRequest): Promise<User> {
  let user: User | null;
  try {
    user = await provider.authorize(req.body ?? {}, req.request);
  } catch (error) {
    if (error instanceof CredentialsSignin) throw error;
    // Anything else is a server fault (a database down, a bug), not wrong credentials.
    throw new CallbackRouteError(`The authorize function of "${provider.id}" threw.`, { cause: error });
  }
  if (!user) throw new CredentialsSignin("authorize returned null.");
  return { ...user, id: user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id) };
}

async function callback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  if (req.method !== "POST")
    throw new UnknownAction("Credentials sign-in accepts only POST on its callback.");
  if (!(await ctx.csrfVerified()))
    throw new MissingCSRF("The credentials form came without a valid CSRF token.");
  const provider = ctx.provider as CredentialsConfig;
  // Counted before authorize runs, so a refused guess never reaches the password check.
  const attempt = await takeCredentialsAttempt(provider, req, ctx);
  let user = await authorize(provider, req);
  // Right credentials: this attempt was no guess, whatever the later checks decide.
  await refundCredentialsAttempt(attempt);
  if (ctx.config.session.strategy === "database") {
    const adapter = ctx.config.adapter!;
    const id = user.id!;
    const stored = await callAdapter("getUser", () => adapter.getUser!(id));
    if (!stored) {
      throw new UnsupportedStrategy(
        "authorize returned a user that the adapter does not know; database sessions need the user stored first.",
      );
    }
    // The session goes to whoever getUser answered: a lookup that answers another row (a query
    // that ignores its id, a shared table) must not sign the password's owner in as someone else.
    if (!sameId(stored.id, id))
      throw new AdapterError(
        "The adapter's getUser answered a user other than the one asked for; sign-in refused.",
      );
    user = stored;
  }
  const account = { providerAccountId: user.id!, type: "credentials" as const, provider: provider.id };
  const redirect = await checkSignIn({ user, account, credentials: req.body ?? {} }, ctx);
  if (redirect) return { redirect };
  return startSession({ user, account }, req, ctx);
}

/** The credentials flow: sign-in POST goes back to the sign-in page; the callback signs in. */
export const credentialsFlow: Flow = {
  signIn: async (_req, ctx) => ({ redirect: `${ctx.actionUrl}/signin` }),
  callback,
};
