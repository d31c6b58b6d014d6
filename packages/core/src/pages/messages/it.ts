/**
 * Italian texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Italian.
 *
 * @example
 * ```ts
 * it.signOutButton // "Esci"
 * ```
 */
export const it: Messages = {
  signInTitle: "Accedi",
  signInWith: "Accedi con {provider}",
  signInDivider: "oppure",
  signInNoProviders: "Non è configurato alcun metodo di accesso.",
  signInEmailLabel: "Email",
  signInEmailPlaceholder: "nome@esempio.it",
  signInErrorSignin: "L'accesso non è stato completato. Prova con un altro account.",
  signInErrorOAuthSignin:
    "Non è stato possibile avviare l'accesso con questo provider. Riprova o scegli un altro modo per accedere.",
  signInErrorOAuthCallback:
    "Il provider di accesso ha segnalato un problema. Riprova o scegli un altro modo per accedere.",
  signInErrorOAuthCreateAccount:
    "Non è stato possibile creare un account dai dati del provider. Riprova o scegli un altro modo per accedere.",
  signInErrorEmailCreateAccount:
    "Non è stato possibile creare un account per questo indirizzo email. Riprova o scegli un altro modo per accedere.",
  signInErrorCallback:
    "Qualcosa è andato storto nel completare l'accesso. Riprova o scegli un altro modo per accedere.",
  signInErrorOAuthAccountNotLinked:
    "Il tuo indirizzo email è già usato con un altro metodo di accesso. Per confermare che sei tu, accedi come la prima volta.",
  signInErrorEmailSignin:
    "Questo indirizzo email non può essere usato per accedere. Controllalo e inserisci un indirizzo valido, come nome@esempio.it.",
  signInErrorEmailSendFailed:
    "Non è stato possibile inviare l'email di accesso. Controlla l'indirizzo e riprova.",
  signInErrorCredentialsSignin: "Accesso non riuscito. Verifica che i dati inseriti siano corretti.",
  signInErrorSessionRequired: "Accedi per vedere questa pagina.",
  signInErrorMissingCSRF: "Questo modulo è scaduto. Riprova.",
  signInErrorAccountNotLinked:
    "Questo metodo di accesso è già collegato a un altro account. Accedi come la prima volta.",
  signInErrorProviderUnavailable:
    "Il provider di accesso non è raggiungibile. Riprova tra poco o scegli un altro modo per accedere.",
  signInErrorUnavailable: "L'accesso non è disponibile al momento. Riprova tra poco.",
  signInErrorRateLimited: "Troppi tentativi di accesso. Attendi qualche minuto e riprova.",
  signInErrorConfiguration:
    "L'accesso non è disponibile al momento per un problema di configurazione del server.",
  signInErrorDefault: "Qualcosa è andato storto durante l'accesso. Riprova.",
  signInWebAuthnNoPasskey:
    "Nessuna passkey è registrata per questo indirizzo. Accedi in un altro modo, poi aggiungine una.",
  signInWebAuthnFailed: "L'accesso con passkey non è stato completato. Riprova.",
  signOutTitle: "Esci",
  signOutQuestion: "Vuoi davvero uscire?",
  signOutButton: "Esci",
  verifyRequestTitle: "Controlla la tua email",
  verifyRequestText: "Abbiamo inviato un link di accesso al tuo indirizzo email.",
  verifyRequestCodeText:
    "Abbiamo inviato un link e un codice di accesso al tuo indirizzo email. Apri il link o inserisci qui il codice.",
  verifyRequestCodeOnlyText: "Abbiamo inviato un codice di accesso al tuo indirizzo email. Inseriscilo qui.",
  verifyRequestCodeLabel: "Codice",
  verifyRequestCodeButton: "Accedi con il codice",
  verifyRequestCodeWrong: "Il codice non è corretto. Controlla l'email e riprova.",
  verifyRequestTextTo: "Abbiamo inviato un link di accesso a {email}.",
  emailConfirmTitle: "Conferma l'accesso",
  emailConfirmQuestion: "Accedere come {email}?",
  emailConfirmButton: "Accedi",
  emailSubject: "Accedi a {host}",
  emailHeading: "Accedi a {host}",
  emailButton: "Accedi",
  emailIgnore: "Se non hai richiesto questa email, puoi ignorarla.",
  emailCode: "Il tuo codice di accesso:",
  errorConfigurationHeading: "Errore del server",
  errorConfigurationText:
    "C'è un problema nella configurazione del server. Consulta i log del server per maggiori informazioni.",
  errorAccessDeniedHeading: "Accesso negato",
  errorAccessDeniedText: "Non hai il permesso di accedere.",
  errorVerificationHeading: "Impossibile accedere",
  errorVerificationText:
    "Il link di accesso non è più valido. Potrebbe essere già stato usato o essere scaduto.",
  errorDefaultHeading: "Qualcosa è andato storto",
  errorDefaultText: "Si è verificato un errore. Riprova più tardi.",
  errorBadRequestHeading: "Richiesta non valida",
  errorBadRequestText: "Questa richiesta non è comprensibile. Torna indietro, ricarica la pagina e riprova.",
  errorTooLargeHeading: "Troppi dati",
  errorTooLargeText:
    "Il modulo ha inviato più dati di quanti il server ne accetti. Torna indietro e riprova con meno.",
  errorLinkHome: "Vai alla home page",
  errorLinkSignIn: "Accedi",
  errorLinkSignInAgain: "Accedi di nuovo",
};
