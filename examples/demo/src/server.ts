/**
 * The Portcullis demo: a small app on plain node:http that signs in with credentials.
 * Run it with `npm start` and open http://localhost:3000.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";

const port = Number(process.env.PORT ?? 3000);

const config: AuthConfig = {
  secret: process.env.AUTH_SECRET ?? "demo-secret-change-me-demo-secret-change-me",
  trustHost: true,
  providers: [
    Credentials({
      credentials: {
        username: { label: "Username", placeholder: "alice" },
        password: { label: "Password", type: "password", placeholder: "wonderland" },
      },
      // A demo check: a real app looks the user up and verifies a password hash.
      authorize: async ({ username, password }) =>
        username === "alice" && password === "wonderland"
          ? { id: "1", name: "Alice", email: "alice@example.com" }
          : null,
    }),
  ],
};

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? `localhost:${port}`}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks: Buffer[] = [];
  if (req.method !== "GET" && req.method !== "HEAD")
    for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function home(request: Request): Promise<Response> {
  const sessionResponse = await Auth(
    new Request(new URL("/auth/session", request.url), { headers: request.headers }),
    config,
  );
  const session = (await sessionResponse.json()) as { user?: { name?: string } } | null;
  const body = session?.user
    ? `<p>Signed in as ${escapeHtml(session.user.name ?? "someone")}.</p><p><a href="/auth/signout">Sign out</a></p>`
    : `<p>Not signed in.</p><p><a href="/auth/signin">Sign in</a> (alice / wonderland)</p>`;
  return new Response(
    `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Portcullis demo</title><h1>Portcullis demo</h1>${body}`,
    {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

createServer(async (req, res) => {
  try {
    const request = await toRequest(req);
    const path = new URL(request.url).pathname;
    await send(res, path.startsWith("/auth/") ? await Auth(request, config) : await home(request));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end("Internal error");
  }
}).listen(port, "127.0.0.1", () => console.log(`Portcullis demo on http://localhost:${port}`));
