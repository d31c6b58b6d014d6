import type { Handle } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { handle as auth, broken } from "./lib/auth";

// `/me-broken` reads its session with the broken configuration: its hook replaces locals.auth.
const brokenSession: Handle = ({ event, resolve }) =>
  event.url.pathname === "/me-broken" ? broken.handle({ event, resolve }) : resolve(event);

export const handle: Handle = sequence(auth, brokenSession);
