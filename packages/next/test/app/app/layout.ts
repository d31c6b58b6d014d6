import { createElement, type ReactNode } from "react";

/** The root layout Next.js requires for the fixture's one page. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return createElement("html", { lang: "en" }, createElement("body", null, children));
}
