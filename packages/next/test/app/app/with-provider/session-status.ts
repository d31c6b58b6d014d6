"use client";
import { useSession } from "@portcullis/client/react";
import { createElement } from "react";

/** Shows `status|name` from useSession, in the first HTML when the provider was given a session. */
export function SessionStatus() {
  const { data, status } = useSession();
  return createElement("output", { id: "status" }, `${status}|${data?.user?.name ?? ""}`);
}
