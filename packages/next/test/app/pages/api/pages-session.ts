import type { NextApiRequest, NextApiResponse } from "next";
import { auth } from "../../auth";

/** A Pages Router API route: `auth(req, res)`. */
export default async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const session = await auth(req, res);
  if (session) res.status(200).json(session);
  else res.status(401).json({ error: "unauthenticated" });
}
