import { json, type RequestHandler } from "@sveltejs/kit";
import { redirectCallCount } from "../../lib/auth";

/** How often the app configuration's `redirect` callback has run so far. */
export const GET: RequestHandler = () => json({ count: redirectCallCount() });
