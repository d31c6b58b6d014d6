/**
 * French texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in French.
 *
 * @example
 * ```ts
 * fr.signOutButton // "Se déconnecter"
 * ```
 */
export const fr: Messages = {
  signInTitle: "Connexion",
  signInWith: "Se connecter avec {provider}",
  signInDivider: "ou",
  signInNoProviders: "Aucune méthode de connexion n'est configurée.",
  signInEmailLabel: "E-mail",
  signInEmailPlaceholder: "nom@exemple.fr",
  signInErrorSignin: "La connexion n'a pas abouti. Essayez avec un autre compte.",
  signInErrorOAuthSignin:
    "Impossible de lancer la connexion avec ce fournisseur. Réessayez ou choisissez un autre moyen de connexion.",
  signInErrorOAuthCallback:
    "Le fournisseur de connexion a signalé un problème. Réessayez ou choisissez un autre moyen de connexion.",
  signInErrorOAuthCreateAccount:
    "Impossible de créer un compte à partir des informations du fournisseur. Réessayez ou choisissez un autre moyen de connexion.",
  signInErrorEmailCreateAccount:
    "Impossible de créer un compte pour cette adresse e-mail. Réessayez ou choisissez un autre moyen de connexion.",
  signInErrorCallback:
    "Un problème est survenu à la fin de la connexion. Réessayez ou choisissez un autre moyen de connexion.",
  signInErrorOAuthAccountNotLinked:
    "Votre adresse e-mail est déjà utilisée avec une autre méthode de connexion. Pour confirmer votre identité, connectez-vous comme la première fois.",
  signInErrorEmailSignin:
    "Cette adresse e-mail ne permet pas de se connecter. Vérifiez-la et saisissez une adresse valide, par exemple nom@exemple.fr.",
  signInErrorEmailSendFailed:
    "L'e-mail de connexion n'a pas pu être envoyé. Vérifiez l'adresse et réessayez.",
  signInErrorCredentialsSignin: "Échec de la connexion. Vérifiez les informations saisies.",
  signInErrorSessionRequired: "Connectez-vous pour voir cette page.",
  signInErrorMissingCSRF: "Ce formulaire a expiré. Veuillez réessayer.",
  signInErrorAccountNotLinked:
    "Cette méthode de connexion est déjà liée à un autre compte. Connectez-vous comme la première fois.",
  signInErrorProviderUnavailable:
    "Le fournisseur de connexion est injoignable. Réessayez dans un instant ou choisissez un autre moyen de connexion.",
  signInErrorUnavailable: "La connexion est momentanément indisponible. Veuillez réessayer dans un instant.",
  signInErrorRateLimited: "Trop de tentatives de connexion. Patientez quelques minutes, puis réessayez.",
  signInErrorConfiguration:
    "La connexion est indisponible pour le moment en raison d'un problème de configuration du serveur.",
  signInErrorDefault: "Un problème est survenu lors de la connexion. Veuillez réessayer.",
  signInWebAuthnNoPasskey:
    "Aucune clé d'accès n'est enregistrée pour cette adresse. Connectez-vous autrement, puis ajoutez une clé d'accès.",
  signInWebAuthnFailed: "La connexion par clé d'accès n'a pas abouti. Veuillez réessayer.",
  signOutTitle: "Déconnexion",
  signOutQuestion: "Voulez-vous vraiment vous déconnecter ?",
  signOutButton: "Se déconnecter",
  verifyRequestTitle: "Consultez vos e-mails",
  verifyRequestText: "Un lien de connexion a été envoyé à votre adresse e-mail.",
  verifyRequestCodeText:
    "Un lien et un code de connexion ont été envoyés à votre adresse e-mail. Suivez le lien ou saisissez le code ici.",
  verifyRequestCodeOnlyText: "Un code de connexion a été envoyé à votre adresse e-mail. Saisissez-le ici.",
  verifyRequestCodeLabel: "Code",
  verifyRequestCodeButton: "Se connecter avec le code",
  verifyRequestCodeWrong: "Ce code n'est pas le bon. Vérifiez l'e-mail et réessayez.",
  verifyRequestTextTo: "Un lien de connexion a été envoyé à {email}.",
  emailConfirmTitle: "Confirmer la connexion",
  emailConfirmQuestion: "Se connecter en tant que {email} ?",
  emailConfirmButton: "Se connecter",
  emailSubject: "Connexion à {host}",
  emailHeading: "Se connecter à {host}",
  emailButton: "Se connecter",
  emailIgnore: "Si vous n'avez pas demandé cet e-mail, vous pouvez l'ignorer.",
  emailCode: "Votre code de connexion :",
  errorConfigurationHeading: "Erreur du serveur",
  errorConfigurationText:
    "La configuration du serveur pose problème. Consultez les journaux du serveur pour en savoir plus.",
  errorAccessDeniedHeading: "Accès refusé",
  errorAccessDeniedText: "Vous n'êtes pas autorisé à vous connecter.",
  errorVerificationHeading: "Connexion impossible",
  errorVerificationText: "Le lien de connexion n'est plus valide. Il a peut-être déjà servi ou expiré.",
  errorDefaultHeading: "Un problème est survenu",
  errorDefaultText: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  errorBadRequestHeading: "Requête invalide",
  errorBadRequestText:
    "Cette requête est incompréhensible. Revenez en arrière, rechargez la page et réessayez.",
  errorTooLargeHeading: "Trop de données",
  errorTooLargeText:
    "Le formulaire a envoyé plus de données que le serveur n'en accepte. Revenez en arrière et envoyez-en moins.",
  errorLinkHome: "Aller à l'accueil",
  errorLinkSignIn: "Se connecter",
  errorLinkSignInAgain: "Se reconnecter",
};
