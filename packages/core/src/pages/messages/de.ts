/**
 * German texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in German.
 *
 * @example
 * ```ts
 * de.signOutButton // "Abmelden"
 * ```
 */
export const de: Messages = {
  signInTitle: "Anmelden",
  signInWith: "Mit {provider} anmelden",
  signInDivider: "oder",
  signInNoProviders: "Es sind keine Anmeldemethoden eingerichtet.",
  signInEmailLabel: "E-Mail",
  signInEmailPlaceholder: "name@beispiel.de",
  signInErrorSignin: "Die Anmeldung wurde nicht abgeschlossen. Versuchen Sie es mit einem anderen Konto.",
  signInErrorOAuthSignin:
    "Die Anmeldung bei diesem Anbieter konnte nicht gestartet werden. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.",
  signInErrorOAuthCallback:
    "Der Anmeldeanbieter hat einen Fehler gemeldet. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.",
  signInErrorOAuthCreateAccount:
    "Aus den Daten des Anbieters konnte kein Konto erstellt werden. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.",
  signInErrorEmailCreateAccount:
    "Für diese E-Mail-Adresse konnte kein Konto erstellt werden. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.",
  signInErrorCallback:
    "Beim Abschließen der Anmeldung ist ein Fehler aufgetreten. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.",
  signInErrorOAuthAccountNotLinked:
    "Ihre E-Mail-Adresse wird bereits mit einer anderen Anmeldemethode verwendet. Melden Sie sich zur Bestätigung so an wie beim ersten Mal.",
  signInErrorEmailSignin:
    "Mit dieser E-Mail-Adresse ist keine Anmeldung möglich. Prüfen Sie sie und geben Sie eine gültige Adresse ein, etwa name@beispiel.de.",
  signInErrorEmailSendFailed:
    "Die Anmelde-E-Mail konnte nicht gesendet werden. Prüfen Sie die Adresse und versuchen Sie es erneut.",
  signInErrorCredentialsSignin: "Anmeldung fehlgeschlagen. Prüfen Sie, ob Ihre Angaben stimmen.",
  signInErrorSessionRequired: "Bitte melden Sie sich an, um diese Seite zu sehen.",
  signInErrorMissingCSRF: "Dieses Formular ist abgelaufen. Bitte versuchen Sie es erneut.",
  signInErrorAccountNotLinked:
    "Diese Anmeldemethode ist bereits mit einem anderen Konto verknüpft. Melden Sie sich so an wie beim ersten Mal.",
  signInErrorProviderUnavailable:
    "Der Anmeldeanbieter ist nicht erreichbar. Versuchen Sie es gleich noch einmal oder wählen Sie einen anderen Weg.",
  signInErrorUnavailable:
    "Die Anmeldung ist gerade kurz nicht verfügbar. Bitte versuche es gleich noch einmal.",
  signInErrorRateLimited:
    "Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
  signInErrorConfiguration:
    "Die Anmeldung ist wegen eines Konfigurationsfehlers des Servers gerade nicht möglich.",
  signInErrorDefault: "Bei der Anmeldung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.",
  signInWebAuthnNoPasskey:
    "Für diese Adresse ist kein Passkey registriert. Melden Sie sich auf anderem Weg an und fügen Sie dann einen Passkey hinzu.",
  signInWebAuthnFailed: "Die Anmeldung mit Passkey wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.",
  signOutTitle: "Abmelden",
  signOutQuestion: "Möchten Sie sich wirklich abmelden?",
  signOutButton: "Abmelden",
  verifyRequestTitle: "Prüfen Sie Ihre E-Mails",
  verifyRequestText: "Ein Anmeldelink wurde an Ihre E-Mail-Adresse gesendet.",
  verifyRequestCodeText:
    "Ein Anmeldelink und ein Code wurden an Ihre E-Mail-Adresse gesendet. Folgen Sie dem Link oder geben Sie den Code hier ein.",
  verifyRequestCodeOnlyText: "Ein Anmeldecode wurde an Ihre E-Mail-Adresse gesendet. Geben Sie ihn hier ein.",
  verifyRequestCodeLabel: "Code",
  verifyRequestCodeButton: "Mit Code anmelden",
  verifyRequestCodeWrong: "Dieser Code stimmt nicht. Prüfen Sie die E-Mail und versuchen Sie es erneut.",
  verifyRequestTextTo: "Ein Anmeldelink wurde an {email} gesendet.",
  emailConfirmTitle: "Anmeldung bestätigen",
  emailConfirmQuestion: "Als {email} anmelden?",
  emailConfirmButton: "Anmelden",
  emailSubject: "Bei {host} anmelden",
  emailHeading: "Bei {host} anmelden",
  emailButton: "Anmelden",
  emailIgnore: "Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.",
  emailCode: "Ihr Anmeldecode:",
  errorConfigurationHeading: "Serverfehler",
  errorConfigurationText:
    "Die Serverkonfiguration ist fehlerhaft. Weitere Informationen stehen in den Serverprotokollen.",
  errorAccessDeniedHeading: "Zugriff verweigert",
  errorAccessDeniedText: "Sie sind nicht berechtigt, sich anzumelden.",
  errorVerificationHeading: "Anmeldung nicht möglich",
  errorVerificationText:
    "Der Anmeldelink ist nicht mehr gültig. Er wurde vielleicht schon benutzt oder ist abgelaufen.",
  errorDefaultHeading: "Etwas ist schiefgelaufen",
  errorDefaultText: "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
  errorBadRequestHeading: "Ungültige Anfrage",
  errorBadRequestText:
    "Diese Anfrage war nicht lesbar. Gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es erneut.",
  errorTooLargeHeading: "Zu viele Daten",
  errorTooLargeText:
    "Das Formular hat mehr Daten gesendet, als der Server annimmt. Gehen Sie zurück und senden Sie weniger.",
  errorLinkHome: "Zur Startseite",
  errorLinkSignIn: "Anmelden",
  errorLinkSignInAgain: "Erneut anmelden",
};
