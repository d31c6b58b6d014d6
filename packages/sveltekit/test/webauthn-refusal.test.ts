/**
 * The passkey `signIn` of @portcullis/sveltekit/webauthn tells a refusal as @portcullis/client
 * does: by the `error` a Portcullis server names beside the URL. The page the user asked to
 * return to may carry an `error` of its own (a custom sign-in page reached as
 * `/login?error=SessionRequired`), so a success returning there is a success, and a refusal
 * whose URL is that same page is a refusal.
 *
 * The server's answers are given by a fetch: the callback's are what the core answers in JSON
 * mode (`{url}` for a sign-in, `{url, error}` for a refusal).
 */
import { signIn } from "@portcullis/sveltekit/webauthn";
import { expect, it, vi } from "vitest";

vi.mock("$app/paths", () => ({ base: "" }));
vi.mock("../src/webauthn-ceremony", () => ({
  runCeremony: async () => ({ action: "authenticate", data: "{}" }),
}));

const ORIGIN = "https://app.example";
const RETURN_TO = `${ORIGIN}/login?error=SessionRequired`;

let callbackAnswer: Record<string, string> = {};

const fakeFetch = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  if (url.pathname === "/auth/providers")
    return json({
      passkey: { id: "passkey", name: "Passkey", type: "webauthn", signinUrl: "", callbackUrl: "" },
    });
  if (url.pathname === "/auth/csrf") return json({ csrfToken: "t" });
  if (url.pathname.startsWith("/auth/webauthn-options/"))
    return json({ action: "authenticate", options: {} });
  if (url.pathname === "/auth/callback/passkey") return json(callbackAnswer);
  return new Response("not found", { status: 404 });
}) as typeof fetch;

const options = {
  redirect: false,
  redirectTo: RETURN_TO,
  baseUrl: ORIGIN,
  basePath: "/auth",
  fetch: fakeFetch,
};

it("a passkey sign-in the server accepted, returning to /login?error=SessionRequired, is reported as a success", async () => {
  callbackAnswer = { url: RETURN_TO };
  const result = await signIn("passkey", {
    redirect: false,
    redirectTo: RETURN_TO,
    baseUrl: ORIGIN,
    basePath: "/auth",
    fetch: fakeFetch,
  });
  expect(result).toMatchObject({ ok: true, error: undefined, url: RETURN_TO });
});

it("a refusal whose URL is that same page is reported as the refusal the server names", async () => {
  callbackAnswer = { url: RETURN_TO, error: "WebAuthnVerificationError" };
  const result = await signIn("passkey", options);
  expect(result).toMatchObject({ ok: false, error: "WebAuthnVerificationError", url: null });
});
