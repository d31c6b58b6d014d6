import type { Response as ExpressResponse } from "express";

/**
 * Writes a Web Response to an Express response: status, headers with every Set-Cookie as its
 * own header line (joined with commas, cookies' `Expires` dates would split them apart), and body.
 * Written with `res.end`, so Express adds no ETag and never turns a session answer into a 304.
 *
 * @param res The Express response, not yet sent.
 * @param response The core's answer.
 * @throws When reading the Web Response's body fails.
 * @example
 * ```ts
 * await sendWebResponse(res, await Auth(toWebRequest(req), config))
 * ```
 */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  // Read whole, without touching `response.body`: the core's responses keep their body in
  // memory on Node, and asking for the stream would build one for nothing.
  const body = await response.arrayBuffer();
  res.end(body.byteLength === 0 ? undefined : Buffer.from(body));
}
