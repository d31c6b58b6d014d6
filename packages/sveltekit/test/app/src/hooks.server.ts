import type { Handle } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { handle as auth, broken, controlled, tokens } from "./lib/auth";

// `/me-broken` reads its session with the broken configuration: its hook replaces locals.auth.
const brokenSession: Handle = ({ event, resolve }) =>
  event.url.pathname === "/me-broken" ? broken.handle({ event, resolve }) : resolve(event);

// Everything under `/sessions/` (its auth routes included) runs on the configuration with a session
// store: its hook serves `/sessions/auth` and replaces locals.auth and locals.sessions.
const sessionStore: Handle = ({ event, resolve }) =>
  event.url.pathname.startsWith("/sessions/") ? controlled.handle({ event, resolve }) : resolve(event);

// `/token`, `/token-clock` and `/token/auth` run on the access-token suite's configuration.
const accessTokens: Handle = ({ event, resolve }) =>
  event.url.pathname.startsWith("/token") ? tokens.handle({ event, resolve }) : resolve(event);

export const handle: Handle = sequence(auth, brokenSession, sessionStore, accessTokens);
