import { SessionProvider } from "@portcullis/client/react";
import { createElement } from "react";
import { auth } from "../../auth";
import { SessionStatus } from "./session-status";

export const dynamic = "force-dynamic";

/**
 * A server component rendering <SessionProvider> with the session it read, as Auth.js apps do
 * in their root layout; it builds only if the React entry is marked "use client".
 */
export default async function Page() {
  const session = await auth();
  return createElement(SessionProvider, { session }, createElement(SessionStatus));
}
