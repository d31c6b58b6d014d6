/**
 * Form controls shared by the built-in pages: hidden inputs and labelled input fields.
 *
 * @module
 */
import type { CredentialInput } from "../types";
import { html, type SafeHtml } from "./html";

/**
 * Input types a configured field may use. Anything else (`hidden`, `submit`, `image`, a typo)
 * falls back to `text`, so a field configured by mistake still shows up as a visible text box.
 */
const INPUT_TYPES = new Set([
  "text",
  "email",
  "password",
  "tel",
  "number",
  "url",
  "search",
  "date",
  "datetime-local",
  "month",
  "week",
  "time",
]);

/** Autocomplete tokens used when a field has none: password managers rely on them. */
const DEFAULT_AUTOCOMPLETE: Readonly<Record<string, string>> = {
  password: "current-password",
  email: "email",
};

/**
 * Renders one hidden input per entry, in the order given.
 *
 * @param fields - input names and values; both are escaped.
 * @returns the inputs.
 * @example
 * ```ts
 * renderHiddenInputs({ csrfToken: "abc", callbackUrl: "/" })
 * ```
 */
export function renderHiddenInputs(fields: Record<string, string>): SafeHtml {
  return html`${Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}`;
}

/**
 * Renders a labelled input for a configured field (credentials or WebAuthn form).
 *
 * @param name - the input's name: the key of the field in the configuration.
 * @param input - label, type, placeholder, required and autocomplete of the field.
 * @param id - a document-unique id tying the label to the input.
 * @param value - an initial value, if any.
 * @returns the field markup.
 * @example
 * ```ts
 * renderInputField("password", { label: "Password", type: "password", required: true }, "f0-1")
 * ```
 */
export function renderInputField(name: string, input: CredentialInput, id: string, value?: string): SafeHtml {
  const type = input.type !== undefined && INPUT_TYPES.has(input.type) ? input.type : "text";
  const autocomplete = input.autocomplete ?? DEFAULT_AUTOCOMPLETE[type];
  const attributes = [
    html` type="${type}" name="${name}" id="${id}"`,
    autocomplete !== undefined && html` autocomplete="${autocomplete}"`,
    input.placeholder !== undefined && html` placeholder="${input.placeholder}"`,
    value !== undefined && html` value="${value}"`,
    input.required === true && html` required`,
  ];
  return html`<div class="field"><label for="${id}">${input.label ?? name}</label><input${attributes}></div>`;
}
