import type { RequestHandler } from "@sveltejs/kit";

/** An app route whose path starts with the auth routes' base path, but is not under it. */
export const GET: RequestHandler = () =>
  new Response("app route", { headers: { "content-type": "text/plain" } });
