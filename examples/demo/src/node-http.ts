/** Bridges node:http to Web Request/Response, the only glue a plain Node server needs. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The Web Request for an incoming message. */
export async function toRequest(req: IncomingMessage, fallbackHost: string): Promise<Request> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? fallbackHost}`);
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

/** Writes a Web Response, each Set-Cookie as its own header. */
export async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}
