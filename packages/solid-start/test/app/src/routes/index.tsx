import { createAsync, query } from "@solidjs/router";
import { signedInName } from "../lib/session";

// Route data read on the server with getSession, through a server function.
const currentUser = query(() => signedInName(), "current-user");

export default function Home() {
  // deferStream: the server waits for the session before sending the page, so it is in the HTML.
  const name = createAsync(() => currentUser(), { deferStream: true });
  return (
    <main>
      <h1>Portcullis fixture</h1>
      <p id="who">{name() ? `Signed in as ${name()}` : "Not signed in"}</p>
    </main>
  );
}
