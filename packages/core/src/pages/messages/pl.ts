/**
 * Polish texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Polish.
 *
 * @example
 * ```ts
 * pl.signOutButton // "Wyloguj się"
 * ```
 */
export const pl: Messages = {
  signInTitle: "Zaloguj się",
  signInWith: "Zaloguj się przez {provider}",
  signInDivider: "lub",
  signInNoProviders: "Nie skonfigurowano żadnej metody logowania.",
  signInEmailLabel: "E-mail",
  signInEmailPlaceholder: "imie@przyklad.pl",
  signInErrorSignin: "Logowanie nie zostało ukończone. Spróbuj zalogować się na inne konto.",
  signInErrorOAuthSignin:
    "Nie udało się rozpocząć logowania u tego dostawcy. Spróbuj ponownie lub wybierz inny sposób logowania.",
  signInErrorOAuthCallback:
    "Dostawca logowania zgłosił problem. Spróbuj ponownie lub wybierz inny sposób logowania.",
  signInErrorOAuthCreateAccount:
    "Nie udało się utworzyć konta z danych dostawcy. Spróbuj ponownie lub wybierz inny sposób logowania.",
  signInErrorEmailCreateAccount:
    "Nie udało się utworzyć konta dla tego adresu e-mail. Spróbuj ponownie lub wybierz inny sposób logowania.",
  signInErrorCallback:
    "Coś poszło nie tak przy kończeniu logowania. Spróbuj ponownie lub wybierz inny sposób logowania.",
  signInErrorOAuthAccountNotLinked:
    "Twój adres e-mail jest już używany z inną metodą logowania. Aby potwierdzić, że to Ty, zaloguj się tak jak za pierwszym razem.",
  signInErrorEmailSignin:
    "Tego adresu e-mail nie można użyć do logowania. Sprawdź go i wpisz poprawny adres, np. imie@przyklad.pl.",
  signInErrorEmailSendFailed:
    "Nie udało się wysłać e-maila z linkiem do logowania. Sprawdź adres i spróbuj ponownie.",
  signInErrorCredentialsSignin: "Logowanie nie powiodło się. Sprawdź, czy podane dane są poprawne.",
  signInErrorSessionRequired: "Zaloguj się, aby zobaczyć tę stronę.",
  signInErrorMissingCSRF: "Ten formularz wygasł. Spróbuj ponownie.",
  signInErrorAccountNotLinked:
    "Ta metoda logowania jest już powiązana z innym kontem. Zaloguj się tak jak za pierwszym razem.",
  signInErrorProviderUnavailable:
    "Nie można połączyć się z dostawcą logowania. Spróbuj ponownie za chwilę lub wybierz inny sposób logowania.",
  signInErrorUnavailable: "Logowanie jest chwilowo niedostępne. Spróbuj ponownie za moment.",
  signInErrorRateLimited: "Zbyt wiele prób logowania. Odczekaj kilka minut i spróbuj ponownie.",
  signInErrorConfiguration: "Logowanie jest teraz niedostępne z powodu problemu z konfiguracją serwera.",
  signInErrorDefault: "Coś poszło nie tak podczas logowania. Spróbuj ponownie.",
  signInWebAuthnNoPasskey:
    "Dla tego adresu nie zarejestrowano klucza dostępu. Zaloguj się w inny sposób, a potem dodaj klucz.",
  signInWebAuthnFailed: "Logowanie kluczem dostępu nie zostało ukończone. Spróbuj ponownie.",
  signOutTitle: "Wyloguj się",
  signOutQuestion: "Czy na pewno chcesz się wylogować?",
  signOutButton: "Wyloguj się",
  verifyRequestTitle: "Sprawdź skrzynkę e-mail",
  verifyRequestText: "Link do logowania został wysłany na Twój adres e-mail.",
  verifyRequestCodeText:
    "Link i kod do logowania zostały wysłane na Twój adres e-mail. Otwórz link lub wpisz kod tutaj.",
  verifyRequestCodeOnlyText: "Kod do logowania został wysłany na Twój adres e-mail. Wpisz go tutaj.",
  verifyRequestCodeLabel: "Kod",
  verifyRequestCodeButton: "Zaloguj się kodem",
  verifyRequestCodeWrong: "Ten kod jest nieprawidłowy. Sprawdź wiadomość i spróbuj ponownie.",
  verifyRequestTextTo: "Link do logowania został wysłany na adres {email}.",
  emailConfirmTitle: "Potwierdź logowanie",
  emailConfirmQuestion: "Zalogować jako {email}?",
  emailConfirmButton: "Zaloguj się",
  emailSubject: "Zaloguj się do {host}",
  emailHeading: "Zaloguj się do {host}",
  emailButton: "Zaloguj się",
  emailIgnore: "Jeśli ta wiadomość nie jest przeznaczona dla Ciebie, możesz ją zignorować.",
  emailCode: "Twój kod logowania:",
  errorConfigurationHeading: "Błąd serwera",
  errorConfigurationText:
    "Wystąpił problem z konfiguracją serwera. Więcej informacji znajdziesz w logach serwera.",
  errorAccessDeniedHeading: "Odmowa dostępu",
  errorAccessDeniedText: "Nie masz uprawnień do zalogowania się.",
  errorVerificationHeading: "Nie można się zalogować",
  errorVerificationText: "Link do logowania jest już nieważny. Mógł zostać użyty lub wygasnąć.",
  errorDefaultHeading: "Coś poszło nie tak",
  errorDefaultText: "Wystąpił błąd. Spróbuj ponownie później.",
  errorBadRequestHeading: "Nieprawidłowe żądanie",
  errorBadRequestText: "Nie udało się odczytać tego żądania. Wróć, odśwież stronę i spróbuj ponownie.",
  errorTooLargeHeading: "Za dużo danych",
  errorTooLargeText:
    "Formularz wysłał więcej danych, niż serwer przyjmuje. Wróć i spróbuj z mniejszą ilością.",
  errorLinkHome: "Przejdź na stronę główną",
  errorLinkSignIn: "Zaloguj się",
  errorLinkSignInAgain: "Zaloguj się ponownie",
};
