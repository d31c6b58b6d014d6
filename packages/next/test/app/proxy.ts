import { NextResponse } from "next/server";
import { auth } from "./auth";

// `auth` as the proxy (middleware): the configuration's `authorized` callback decides first,
// then this handler runs with the session on the request.
export const proxy = auth((request) => {
  const headers = new Headers(request.headers);
  headers.set("x-proxy-saw", request.auth?.user?.email ?? "nobody");
  return NextResponse.next({ request: { headers } });
});

export const config = { matcher: ["/protected/:path*"] };
