/**
 * "Your passkeys" on the signed-in home page: how many the user has, and a button that adds one
 * to the signed-in account (say, after signing in with the password). The core registers a
 * passkey for the signed-in user when the options are asked for with `action=register`; the
 * small script below runs that ceremony and posts the result to the passkey callback.
 */

/**
 * The browser side of "Add a passkey". A constant: nothing from the request goes into it. It
 * fetches registration options for the signed-in user, asks the browser to create the passkey,
 * and posts it with a fresh CSRF token to the callback, which sends the browser back home, where
 * the count has grown. Any failure (cancelled, refused by the server) is said under the button.
 */
const ADD_PASSKEY_SCRIPT = `(() => {
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
  const button = document.getElementById("add-passkey");
  const status = document.getElementById("passkey-status");
  const post = (fields) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/auth/callback/passkey";
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "";
    try {
      const answer = await fetch("/auth/webauthn-options/passkey?action=register", { headers: { Accept: "application/json" } });
      const body = await answer.json();
      if (!answer.ok) throw new Error(body.error === "Invalid request"
        ? "sign in again first (a passkey is only added to a fresh sign-in)" : body.error);
      const o = body.options;
      const credential = await navigator.credentials.create({ publicKey: { ...o, challenge: bytes(o.challenge),
        user: { ...o.user, id: bytes(o.user.id) },
        excludeCredentials: (o.excludeCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })) } });
      const r = credential.response;
      const data = JSON.stringify({ id: credential.id, rawId: text(credential.rawId), type: credential.type,
        response: { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject),
          transports: r.getTransports ? r.getTransports() : [] },
        clientExtensionResults: credential.getClientExtensionResults() });
      const { csrfToken } = await (await fetch("/auth/csrf")).json();
      post({ csrfToken, action: "register", data, callbackUrl: "/" });
    } catch (error) {
      status.textContent = "The passkey was not added: " + (error && error.message ? error.message : "try again") + ".";
      button.disabled = false;
    }
  });
})();`;

/**
 * The section: the user's passkey count, the "Add a passkey" button and its script.
 *
 * @param count How many passkeys the signed-in user has.
 * @returns The section's HTML.
 * @example
 * ```ts
 * passkeysSection(0) // "...You have no passkey yet..."
 * ```
 */
export function passkeysSection(count: number): string {
  const summary =
    count === 0
      ? "You have no passkey yet. Add one, and next time sign in with your fingerprint, face or device PIN instead of the password."
      : `You have ${count} passkey${count === 1 ? "" : "s"}: sign in with ${count === 1 ? "it" : "any of them"} from the passkey form.`;
  return `<h2>Your passkeys</h2><p data-passkeys="${count}">${summary}</p>
<p><button id="add-passkey" type="button">Add a passkey</button></p><p id="passkey-status" role="alert"></p>
<script>${ADD_PASSKEY_SCRIPT}</script>`;
}
