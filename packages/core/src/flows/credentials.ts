/**
 * Credentials sign-in: the app's `authorize` checks the submitted fields. Works with JWT sessions
 * and, unlike Auth.js, with database sessions too, when the returned user exists in the adapter.
 */

import { callAdapter } from "../adapter/call";
import { idText, sameId } from "../adapter/ids";
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import {
  AdapterError,
  AuthError,
  CallbackRouteError,
  CredentialsSignin,
  MissingCSRF,
  UnknownAction,
  UnsupportedStrategy,
} from "../errors";
import type { CredentialsConfig, User } from "../types";
import { isAccountUserId } from "./account";
import { refundCredentialsAttempt, takeCredentialsAttempt } from "./credentials-limit";
import { checkSignIn, startSession } from "./sign-in";
import type { Flow } from "./types";

async function authorize(provider: CredentialsConfig, req: AuthRequest): Promise<User> {
  let answer: unknown;
  try {
    answer = await provider.authorize(req.body ?? {}, req.request);
  } catch (error) {
    // The app's own refusals (CredentialsSignin, AccessDenied for a banned account...) reach the
    // visitor as thrown, as in Auth.js.
    if (error instanceof AuthError) throw error;
    // Anything else is a server fault (a database down, a bug), not wrong credentials.
    throw new CallbackRouteError(`The authorize function of "${provider.id}" threw.`, { cause: error });
  }
  if (!answer) throw new CredentialsSignin("authorize returned null.");
  return signedInUser(provider, answer);
}

/**
 * The user `authorize` answered, with its id as text: the id becomes the session's identity, so
 * an id that is no id (an object, which would read "[object Object]" for every user, "", NaN) or
 * an answer that is no user (`true`, a string) is the app's mistake, refused rather than guessed at.
 * Without an id the user gets a random one, as in Auth.js.
 */
function signedInUser(provider: CredentialsConfig, answer: unknown): User {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer))
    throw new CallbackRouteError(
      `The authorize function of "${provider.id}" returned a ${Array.isArray(answer) ? "list" : typeof answer}, not a user object or null.`,
    );
  const user = answer as User;
  if (user.id === undefined || user.id === null) return { ...user, id: crypto.randomUUID() };
  const id = idText(user.id);
  if (id === undefined)
    throw new CallbackRouteError(
      `The authorize function of "${provider.id}" returned a user whose id is not a non-empty string or a finite number.`,
    );
  return { ...user, id };
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
  if (!ctx.config.adapter && isAccountUserId(user.id!))
    throw new CredentialsSignin(
      "authorize returned an id of the form OAuth sign-ins get without an adapter (a version 8 UUID); it is refused, since that user's sessions would be this one's.",
    );
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
