/** The action table: one handler per action of WIRE.md. */
import type { Action, AuthAction } from "../context";
import { backchannelLogout } from "./backchannel-logout";
import { callback } from "./callback";
import { csrf } from "./csrf";
import { error, verifyRequest } from "./pages";
import { providers } from "./providers";
import { session } from "./session";
import { sessions } from "./sessions";
import { signin } from "./signin";
import { signout } from "./signout";
import { webauthnOptions } from "./webauthn-options";

export const actions: Record<AuthAction, Action> = {
  "backchannel-logout": backchannelLogout,
  callback,
  csrf,
  error,
  providers,
  session,
  sessions,
  signin,
  signout,
  "verify-request": verifyRequest,
  "webauthn-options": webauthnOptions,
};
