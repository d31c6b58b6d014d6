/** An app route whose path starts with the auth routes' base path, but is not under it. */
export function GET(): Response {
  return new Response("app route", { headers: { "content-type": "text/plain" } });
}
