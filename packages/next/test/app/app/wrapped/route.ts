import { auth } from "../../auth";

export const dynamic = "force-dynamic";

// A route handler wrapped by `auth`: the request carries the session.
export const GET = auth((request) => Response.json({ auth: request.auth }));
