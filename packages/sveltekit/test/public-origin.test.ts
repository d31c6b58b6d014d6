/**
 * The app's public origin is the one the adapter put in `event.url` (adapter-node: `ORIGIN`, or
 * `PROTOCOL_HEADER`/`HOST_HEADER` when the deployer named them), for the auth routes and the form
 * actions alike, with `trustHost: true` as the quick start has it. An X-Forwarded-Host or
 * X-Forwarded-Proto the adapter was not told to read never reaches the core, so a client sending
 * them cannot choose where the magic link mailed to a victim points. `AUTH_URL` still wins.
 */
import type { AuthConfig } from "@portcullis/core";
import Email from "@portcullis/core/providers/email";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeEvent, formPost, outcomeOf } from "./request-event";

// adapter-node with ORIGIN=https://app.example: every request's URL is on this origin.
const ORIGIN = "https://app.example";
const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };
const VICTIM = { providerId: "email", email: "victim@example.com" };

function app() {
  const links: string[] = [];
  const auth = SvelteKitAuth({
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [Email({ sendVerificationRequest: ({ url }) => void links.push(url) })],
    logger: { error: () => {}, warn: () => {} },
  } satisfies AuthConfig);
  return { auth, links };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the public origin is the adapter's, not a forwarded header's", () => {
  it("the signIn form action mails the link, and redirects, on the app's origin", async () => {
    const { auth, links } = app();
    // SvelteKit's origin check passes: the attacker sends the app's own Origin.
    const outcome = await outcomeOf(() => auth.signIn(formPost(`${ORIGIN}/login`, VICTIM, FORGED)));
    expect(links).toHaveLength(1);
    expect(new URL(links[0] ?? "").origin).toBe(ORIGIN);
    expect(outcome).toMatchObject({
      kind: "redirect",
      location: `${ORIGIN}/auth/verify-request?provider=email&type=email`,
    });
  });

  it("POST /auth/signin/email through the handle hook mails a link on the app's origin", async () => {
    const { auth, links } = app();
    const resolve = async () => new Response("app");
    const csrf = await auth.handle({ event: fakeEvent(`${ORIGIN}/auth/csrf`), resolve });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const event = formPost(
      `${ORIGIN}/auth/signin/email`,
      { csrfToken, email: VICTIM.email },
      { ...FORGED, cookie },
    );
    const response = await auth.handle({ event, resolve });
    expect(links).toHaveLength(1);
    expect(new URL(links[0] ?? "").origin).toBe(ORIGIN);
    expect(new URL(response.headers.get("location") ?? "").origin).toBe(ORIGIN);
  });

  it("AUTH_URL wins over the adapter's origin", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example");
    const { auth, links } = app();
    await outcomeOf(() => auth.signIn(formPost(`${ORIGIN}/login`, VICTIM, FORGED)));
    expect(new URL(links[0] ?? "").origin).toBe("https://public.example");
  });
});
