/**
 * Spanish texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Spanish.
 *
 * @example
 * ```ts
 * es.signOutButton // "Cerrar sesión"
 * ```
 */
export const es: Messages = {
  signInTitle: "Iniciar sesión",
  signInWith: "Iniciar sesión con {provider}",
  signInDivider: "o",
  signInNoProviders: "No hay ningún método de inicio de sesión configurado.",
  signInEmailLabel: "Correo electrónico",
  signInEmailPlaceholder: "nombre@ejemplo.com",
  signInErrorSignin: "No se completó el inicio de sesión. Prueba con otra cuenta.",
  signInErrorOAuthSignin:
    "No pudimos iniciar sesión con ese proveedor. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
  signInErrorOAuthCallback:
    "El proveedor de inicio de sesión informó de un problema. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
  signInErrorOAuthCreateAccount:
    "No pudimos crear una cuenta con los datos del proveedor. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
  signInErrorEmailCreateAccount:
    "No pudimos crear una cuenta para ese correo. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
  signInErrorCallback:
    "Algo falló al terminar de iniciar sesión. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
  signInErrorOAuthAccountNotLinked:
    "Tu correo ya se usa con otro método de inicio de sesión. Para confirmar que eres tú, inicia sesión como lo hiciste la primera vez.",
  signInErrorEmailSignin:
    "Ese correo no sirve para iniciar sesión. Revísalo y escribe una dirección válida, como nombre@ejemplo.com.",
  signInErrorEmailSendFailed:
    "No pudimos enviar el correo de inicio de sesión. Revisa la dirección e inténtalo de nuevo.",
  signInErrorCredentialsSignin: "No se pudo iniciar sesión. Comprueba que los datos sean correctos.",
  signInErrorSessionRequired: "Inicia sesión para ver esta página.",
  signInErrorMissingCSRF: "Este formulario ha caducado. Inténtalo de nuevo.",
  signInErrorAccountNotLinked:
    "Este método de inicio de sesión ya está vinculado a otra cuenta. Inicia sesión como lo hiciste la primera vez.",
  signInErrorProviderUnavailable:
    "No se pudo contactar con el proveedor de inicio de sesión. Inténtalo en un momento o elige otra forma de iniciar sesión.",
  signInErrorUnavailable:
    "El inicio de sesión no está disponible en este momento. Vuelve a intentarlo en unos instantes.",
  signInErrorRateLimited:
    "Demasiados intentos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.",
  signInErrorConfiguration:
    "El inicio de sesión no está disponible ahora por un problema de configuración del servidor.",
  signInErrorDefault: "Algo falló al iniciar sesión. Inténtalo de nuevo.",
  signInWebAuthnNoPasskey:
    "No hay ninguna llave de acceso registrada para esta dirección. Inicia sesión de otra forma y después añade una.",
  signInWebAuthnFailed: "El inicio de sesión con llave de acceso no se completó. Inténtalo de nuevo.",
  signOutTitle: "Cerrar sesión",
  signOutQuestion: "¿Seguro que quieres cerrar sesión?",
  signOutButton: "Cerrar sesión",
  verifyRequestTitle: "Revisa tu correo",
  verifyRequestText: "Hemos enviado un enlace de inicio de sesión a tu correo electrónico.",
  verifyRequestCodeText:
    "Hemos enviado un enlace y un código de inicio de sesión a tu correo electrónico. Abre el enlace o escribe el código aquí.",
  verifyRequestCodeOnlyText:
    "Hemos enviado un código de inicio de sesión a tu correo electrónico. Escríbelo aquí.",
  verifyRequestCodeLabel: "Código",
  verifyRequestCodeButton: "Iniciar sesión con el código",
  verifyRequestCodeWrong: "Ese código no es correcto. Revisa el correo e inténtalo de nuevo.",
  verifyRequestTextTo: "Hemos enviado un enlace de inicio de sesión a {email}.",
  emailConfirmTitle: "Confirmar inicio de sesión",
  emailConfirmQuestion: "¿Iniciar sesión como {email}?",
  emailConfirmButton: "Iniciar sesión",
  emailSubject: "Inicia sesión en {host}",
  emailHeading: "Inicia sesión en {host}",
  emailButton: "Iniciar sesión",
  emailIgnore: "Si no has solicitado este correo, puedes ignorarlo sin problema.",
  emailCode: "Tu código de inicio de sesión:",
  errorConfigurationHeading: "Error del servidor",
  errorConfigurationText:
    "Hay un problema con la configuración del servidor. Consulta los registros del servidor para más información.",
  errorAccessDeniedHeading: "Acceso denegado",
  errorAccessDeniedText: "No tienes permiso para iniciar sesión.",
  errorVerificationHeading: "No se puede iniciar sesión",
  errorVerificationText:
    "El enlace de inicio de sesión ya no es válido. Puede que ya se haya usado o que haya caducado.",
  errorDefaultHeading: "Algo salió mal",
  errorDefaultText: "Se produjo un error. Inténtalo de nuevo más tarde.",
  errorBadRequestHeading: "Solicitud incorrecta",
  errorBadRequestText:
    "No se pudo entender esta solicitud. Vuelve atrás, recarga la página e inténtalo de nuevo.",
  errorTooLargeHeading: "Demasiados datos",
  errorTooLargeText:
    "El formulario envió más datos de los que acepta el servidor. Vuelve atrás e inténtalo con menos.",
  errorLinkHome: "Ir a la página de inicio",
  errorLinkSignIn: "Iniciar sesión",
  errorLinkSignInAgain: "Volver a iniciar sesión",
};
