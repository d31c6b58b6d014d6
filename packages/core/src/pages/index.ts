/**
 * The built-in pages: pure functions from page data to a complete HTML document and a status.
 * Every interpolated value is escaped and every theme value that reaches CSS or a URL is
 * validated, so hostile configuration or query values render as inert text.
 *
 * @module
 */
export { type EmailConfirmPageOptions, renderEmailConfirmPage } from "./email-confirm";
export {
  type ErrorPageOptions,
  type RequestErrorPageOptions,
  renderErrorPage,
  renderRequestErrorPage,
} from "./error";
export { renderSignInPage, type SignInPageOptions } from "./signin";
export { renderSignOutPage, type SignOutPageOptions } from "./signout";
export type { PageProvider, RenderedPage } from "./types";
export {
  renderVerifyRequestPage,
  type VerifyRequestCodeForm,
  type VerifyRequestPageOptions,
} from "./verify-request";
