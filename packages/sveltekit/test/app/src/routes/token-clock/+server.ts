import { json, type RequestHandler } from "@sveltejs/kit";
import { setTokensClockOffset } from "../../lib/auth";

/** Sets the `/token` configuration's clock ahead of the real time by `{ offsetMs }`. */
export const POST: RequestHandler = async ({ request }) => {
  const { offsetMs } = (await request.json()) as { offsetMs: number };
  setTokensClockOffset(offsetMs);
  return json({ offsetMs });
};
