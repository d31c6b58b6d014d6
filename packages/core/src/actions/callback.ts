/** GET/POST callback/{provider}: hands the request to that provider's flow. */
import type { Action } from "../context";
import { InvalidProvider } from "../errors";
import { flowOf } from "../flows";

export const callback: Action = async (req, ctx) => {
  if (!ctx.provider) throw new InvalidProvider(`No provider has the id in ${req.url.pathname}.`);
  return flowOf(ctx.provider).callback(req, ctx);
};
