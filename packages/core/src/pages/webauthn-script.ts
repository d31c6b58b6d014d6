/**
 * The browser side of passkey sign-in on the built-in sign-in page: a small inline script, with
 * no library, that runs the WebAuthn ceremony for each button marked `data-webauthn-provider`.
 *
 * @module
 */
import { type SafeHtml, trustedHtml } from "./html";

/**
 * The script's source. On submit of a passkey form it fetches
 * `{basePath}/webauthn-options/{id}` (with the form's `email`, when filled), converts the
 * base64url fields of the options to bytes, calls `navigator.credentials.create` (register) or
 * `get` (authenticate), and posts the form (CSRF token included) to the callback with `action`
 * and `data`, the credential as JSON with its bytes in base64url. A failure (cancelled, timed
 * out, refused by the server) shows the button's `data-webauthn-failed` text and re-enables the
 * button; when the server answers `No passkey` (the typed address has none), its
 * `data-webauthn-no-passkey` text. Both come in the page's language.
 *
 * On load, when a button is marked `data-webauthn-conditional` and the browser supports
 * conditional mediation, it also fetches `webauthn-options/{id}?action=authenticate` and calls
 * `get` with `mediation: "conditional"`, so the browser offers the site's passkeys in the
 * autofill of the field whose `autocomplete` holds `webauthn`; a passkey picked there posts the
 * form as above. Pressing any passkey button aborts that request first, since a pending
 * conditional request makes the browser refuse every other WebAuthn call. The offer ends
 * silently (aborted, unsupported, refused): the button is still there.
 *
 * It is a constant: nothing from the request or configuration is interpolated into it, so it
 * cannot carry injected code, and a Content-Security-Policy can allow it by its hash. It holds
 * no `<`, so it can never close its own element.
 */
export const WEBAUTHN_SCRIPT = `(() => {
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const text = (buffer) => {
    let binary = "";
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
  };
  const ids = (list) => (list || []).map((item) => ({ ...item, id: bytes(item.id) }));
  const create = (o) => navigator.credentials.create({ publicKey: { ...o, challenge: bytes(o.challenge),
    user: { ...o.user, id: bytes(o.user.id) }, excludeCredentials: ids(o.excludeCredentials) } });
  const get = (o, how) => navigator.credentials.get({ ...how, publicKey: { ...o, challenge: bytes(o.challenge),
    allowCredentials: ids(o.allowCredentials) } });
  const json = (credential) => {
    const r = credential.response;
    const response = { clientDataJSON: text(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = text(r.attestationObject);
      response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      response.authenticatorData = text(r.authenticatorData);
      response.signature = text(r.signature);
      if (r.userHandle) response.userHandle = text(r.userHandle);
    }
    return JSON.stringify({ id: credential.id, rawId: text(credential.rawId), type: credential.type, response,
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment || undefined });
  };
  const hidden = (form, name, value) => {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  };
  // autofill: the AbortController of the conditional request on load; absent for a button press.
  const run = async (form, provider, autofill) => {
    const target = new URL(form.getAttribute("action"), location.href);
    const base = target.pathname.slice(0, target.pathname.lastIndexOf("/callback/"));
    const url = new URL(base + "/webauthn-options/" + encodeURIComponent(provider), target);
    const email = form.elements.namedItem("email");
    if (autofill) url.searchParams.set("action", "authenticate");
    else if (email && email.value) url.searchParams.set("email", email.value);
    const signal = autofill ? autofill.signal : undefined;
    const answer = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, signal });
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.error);
    const credential = body.action === "register" ? await create(body.options)
      : await get(body.options, autofill ? { mediation: "conditional", signal } : {});
    // A passkey picked just as a button took over must not post a second time.
    if (signal && signal.aborted) return;
    hidden(form, "action", body.action);
    hidden(form, "data", json(credential));
    form.submit();
  };
  let autofill = null;
  let pressed = false;
  for (const button of document.querySelectorAll("button[data-webauthn-provider]")) {
    const form = button.form;
    const message = document.createElement("div");
    message.className = "alert";
    message.setAttribute("role", "alert");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      pressed = true;
      // While a conditional request is pending the browser refuses any other one: end it first.
      if (autofill) autofill.abort();
      autofill = null;
      button.disabled = true;
      message.remove();
      run(form, button.dataset.webauthnProvider).catch((error) => {
        // Both messages are on the button, in the page's language; an address without a passkey
        // has its own.
        const noPasskey = error && error.message === "No passkey";
        message.textContent = noPasskey ? button.dataset.webauthnNoPasskey : button.dataset.webauthnFailed;
        form.prepend(message);
        button.disabled = false;
      });
    });
  }
  const offer = document.querySelector("button[data-webauthn-provider][data-webauthn-conditional]");
  const supported = async () => {
    const credential = window.PublicKeyCredential;
    return Boolean(credential && credential.isConditionalMediationAvailable
      && await credential.isConditionalMediationAvailable());
  };
  if (offer) {
    supported().then((yes) => {
      if (!yes || pressed) return;
      autofill = new AbortController();
      return run(offer.form, offer.dataset.webauthnProvider, autofill);
    }).catch(() => {
      // Aborted by a button, refused, or no passkey: nothing to tell, the button still works.
    });
  }
})();`;

/**
 * The Content-Security-Policy source that allows the element {@link renderWebAuthnScript} writes
 * and nothing else: the base64 SHA-256 of its text (the script between two newlines). The script
 * is a constant, so its hash is too: written here once, not computed per request or per
 * configuration, and checked against the script by the page tests, which fail when one changes
 * without the other.
 *
 * @example
 * ```ts
 * const policy = `script-src ${WEBAUTHN_SCRIPT_SOURCE}`
 * ```
 */
export const WEBAUTHN_SCRIPT_SOURCE = "'sha256-qnaCGqBeAjuzy9o/a3QVcz37uxksC9J8nrYICfXcqiA='";

/**
 * The `<script>` element of {@link WEBAUTHN_SCRIPT}, for the sign-in page when a WebAuthn
 * provider is configured.
 *
 * @returns The element.
 * @example
 * ```ts
 * html`${sections}${hasWebAuthn && renderWebAuthnScript()}`
 * ```
 */
export function renderWebAuthnScript(): SafeHtml {
  // A constant without "<" cannot end the element early, so it is inserted unescaped. Its text
  // must stay exactly what WEBAUTHN_SCRIPT_SOURCE hashes, or the page's CSP blocks it.
  return trustedHtml(`<script>\n${WEBAUTHN_SCRIPT}\n</script>`);
}
