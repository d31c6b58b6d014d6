import { createElement } from "react";
import { getAccessToken } from "../../auth";

export const dynamic = "force-dynamic";

/** A server component reading the token: Next.js refuses cookie writes while it renders. */
export default async function Page() {
  const token = await getAccessToken("idp");
  return createElement("output", { id: "token" }, token?.accessToken ?? "none");
}
