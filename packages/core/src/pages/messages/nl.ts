/**
 * Dutch texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Dutch.
 *
 * @example
 * ```ts
 * nl.signOutButton // "Afmelden"
 * ```
 */
export const nl: Messages = {
  signInTitle: "Inloggen",
  signInWith: "Inloggen met {provider}",
  signInDivider: "of",
  signInNoProviders: "Er zijn geen inlogmethoden ingesteld.",
  signInEmailLabel: "E-mail",
  signInEmailPlaceholder: "naam@voorbeeld.nl",
  signInErrorSignin: "Inloggen is niet voltooid. Probeer het met een ander account.",
  signInErrorOAuthSignin:
    "We konden het inloggen bij deze aanbieder niet starten. Probeer het opnieuw of kies een andere manier om in te loggen.",
  signInErrorOAuthCallback:
    "De inlogaanbieder meldde een probleem. Probeer het opnieuw of kies een andere manier om in te loggen.",
  signInErrorOAuthCreateAccount:
    "We konden geen account maken met de gegevens van de aanbieder. Probeer het opnieuw of kies een andere manier om in te loggen.",
  signInErrorEmailCreateAccount:
    "We konden geen account maken voor dit e-mailadres. Probeer het opnieuw of kies een andere manier om in te loggen.",
  signInErrorCallback:
    "Er ging iets mis bij het afronden van het inloggen. Probeer het opnieuw of kies een andere manier om in te loggen.",
  signInErrorOAuthAccountNotLinked:
    "Je e-mailadres wordt al gebruikt met een andere inlogmethode. Log ter bevestiging in zoals je de eerste keer deed.",
  signInErrorEmailSignin:
    "Met dit e-mailadres kun je niet inloggen. Controleer het en vul een geldig adres in, zoals naam@voorbeeld.nl.",
  signInErrorEmailSendFailed:
    "We konden de inlogmail niet versturen. Controleer het adres en probeer het opnieuw.",
  signInErrorCredentialsSignin: "Inloggen mislukt. Controleer of je gegevens kloppen.",
  signInErrorSessionRequired: "Log in om deze pagina te bekijken.",
  signInErrorMissingCSRF: "Dit formulier is verlopen. Probeer het opnieuw.",
  signInErrorAccountNotLinked:
    "Deze inlogmethode is al aan een ander account gekoppeld. Log in zoals je de eerste keer deed.",
  signInErrorProviderUnavailable:
    "De inlogaanbieder is niet bereikbaar. Probeer het zo opnieuw of kies een andere manier om in te loggen.",
  signInErrorUnavailable: "Inloggen is even niet beschikbaar. Probeer het zo meteen opnieuw.",
  signInErrorRateLimited: "Te veel inlogpogingen. Wacht een paar minuten en probeer het dan opnieuw.",
  signInErrorConfiguration: "Inloggen is nu niet mogelijk door een probleem in de serverconfiguratie.",
  signInErrorDefault: "Er ging iets mis bij het inloggen. Probeer het opnieuw.",
  signInWebAuthnNoPasskey:
    "Voor dit adres is geen passkey geregistreerd. Log op een andere manier in en voeg daarna een passkey toe.",
  signInWebAuthnFailed: "Aanmelden met passkey is niet voltooid. Probeer het opnieuw.",
  signOutTitle: "Afmelden",
  signOutQuestion: "Weet je zeker dat je je wilt afmelden?",
  signOutButton: "Afmelden",
  verifyRequestTitle: "Controleer je e-mail",
  verifyRequestText: "Er is een inloglink naar je e-mailadres gestuurd.",
  verifyRequestCodeText:
    "Er zijn een inloglink en een code naar je e-mailadres gestuurd. Volg de link of vul de code hier in.",
  verifyRequestCodeOnlyText: "Er is een inlogcode naar je e-mailadres gestuurd. Vul hem hier in.",
  verifyRequestCodeLabel: "Code",
  verifyRequestCodeButton: "Inloggen met code",
  verifyRequestCodeWrong: "Die code klopt niet. Controleer de e-mail en probeer het opnieuw.",
  verifyRequestTextTo: "Er is een inloglink naar {email} gestuurd.",
  emailConfirmTitle: "Inloggen bevestigen",
  emailConfirmQuestion: "Inloggen als {email}?",
  emailConfirmButton: "Inloggen",
  emailSubject: "Inloggen bij {host}",
  emailHeading: "Inloggen bij {host}",
  emailButton: "Inloggen",
  emailIgnore: "Als je deze e-mail niet hebt aangevraagd, kun je hem gewoon negeren.",
  emailCode: "Uw inlogcode:",
  errorConfigurationHeading: "Serverfout",
  errorConfigurationText:
    "Er is een probleem met de serverconfiguratie. Bekijk de serverlogs voor meer informatie.",
  errorAccessDeniedHeading: "Toegang geweigerd",
  errorAccessDeniedText: "Je hebt geen toestemming om in te loggen.",
  errorVerificationHeading: "Inloggen niet mogelijk",
  errorVerificationText: "De inloglink is niet meer geldig. Hij is misschien al gebruikt of verlopen.",
  errorDefaultHeading: "Er ging iets mis",
  errorDefaultText: "Er is een fout opgetreden. Probeer het later opnieuw.",
  errorBadRequestHeading: "Ongeldig verzoek",
  errorBadRequestText:
    "Dit verzoek was onleesbaar. Ga terug, laad de pagina opnieuw en probeer het nog eens.",
  errorTooLargeHeading: "Te veel gegevens",
  errorTooLargeText:
    "Het formulier stuurde meer gegevens dan de server accepteert. Ga terug en probeer het met minder.",
  errorLinkHome: "Naar de startpagina",
  errorLinkSignIn: "Inloggen",
  errorLinkSignInAgain: "Opnieuw inloggen",
};
