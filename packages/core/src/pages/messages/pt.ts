/**
 * Portuguese texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Portuguese.
 *
 * @example
 * ```ts
 * pt.signOutButton // "Sair"
 * ```
 */
export const pt: Messages = {
  signInTitle: "Entrar",
  signInWith: "Entrar com {provider}",
  signInDivider: "ou",
  signInNoProviders: "Nenhum método de login está configurado.",
  signInEmailLabel: "E-mail",
  signInEmailPlaceholder: "nome@exemplo.com",
  signInErrorSignin: "O login não foi concluído. Tente entrar com outra conta.",
  signInErrorOAuthSignin:
    "Não foi possível iniciar o login com esse provedor. Tente novamente ou escolha outra forma de entrar.",
  signInErrorOAuthCallback:
    "O provedor de login relatou um problema. Tente novamente ou escolha outra forma de entrar.",
  signInErrorOAuthCreateAccount:
    "Não foi possível criar uma conta com os dados do provedor. Tente novamente ou escolha outra forma de entrar.",
  signInErrorEmailCreateAccount:
    "Não foi possível criar uma conta para esse e-mail. Tente novamente ou escolha outra forma de entrar.",
  signInErrorCallback:
    "Algo deu errado ao concluir o login. Tente novamente ou escolha outra forma de entrar.",
  signInErrorOAuthAccountNotLinked:
    "Seu e-mail já é usado com outro método de login. Para confirmar que é você, entre da mesma forma que da primeira vez.",
  signInErrorEmailSignin:
    "Esse e-mail não pode ser usado para entrar. Verifique-o e digite um endereço válido, como nome@exemplo.com.",
  signInErrorEmailSendFailed:
    "Não foi possível enviar o e-mail de login. Verifique o endereço e tente novamente.",
  signInErrorCredentialsSignin: "Falha no login. Verifique se os dados informados estão corretos.",
  signInErrorSessionRequired: "Entre para ver esta página.",
  signInErrorMissingCSRF: "Este formulário expirou. Tente novamente.",
  signInErrorAccountNotLinked:
    "Este método de login já está vinculado a outra conta. Entre da mesma forma que da primeira vez.",
  signInErrorProviderUnavailable:
    "Não foi possível acessar o provedor de login. Tente novamente em instantes ou escolha outra forma de entrar.",
  signInErrorUnavailable:
    "O início de sessão está momentaneamente indisponível. Tente novamente daqui a pouco.",
  signInErrorRateLimited: "Muitas tentativas de login. Aguarde alguns minutos e tente novamente.",
  signInErrorConfiguration:
    "O login está indisponível no momento devido a um problema de configuração do servidor.",
  signInErrorDefault: "Algo deu errado ao entrar. Tente novamente.",
  signInWebAuthnNoPasskey:
    "Nenhuma chave de acesso está registrada para este endereço. Entre de outra forma e depois adicione uma.",
  signInWebAuthnFailed: "O login com chave de acesso não foi concluído. Tente novamente.",
  signOutTitle: "Sair",
  signOutQuestion: "Tem certeza de que deseja sair?",
  signOutButton: "Sair",
  verifyRequestTitle: "Verifique seu e-mail",
  verifyRequestText: "Um link de login foi enviado para o seu e-mail.",
  verifyRequestCodeText:
    "Um link e um código de login foram enviados para o seu e-mail. Abra o link ou digite o código aqui.",
  verifyRequestCodeOnlyText: "Um código de login foi enviado para o seu e-mail. Digite-o aqui.",
  verifyRequestCodeLabel: "Código",
  verifyRequestCodeButton: "Entrar com o código",
  verifyRequestCodeWrong: "Esse código não está correto. Verifique o e-mail e tente novamente.",
  verifyRequestTextTo: "Um link de login foi enviado para {email}.",
  emailConfirmTitle: "Confirmar login",
  emailConfirmQuestion: "Entrar como {email}?",
  emailConfirmButton: "Entrar",
  emailSubject: "Entrar em {host}",
  emailHeading: "Entrar em {host}",
  emailButton: "Entrar",
  emailIgnore: "Se você não solicitou este e-mail, pode ignorá-lo com segurança.",
  emailCode: "O seu código de acesso:",
  errorConfigurationHeading: "Erro no servidor",
  errorConfigurationText:
    "Há um problema na configuração do servidor. Consulte os logs do servidor para mais informações.",
  errorAccessDeniedHeading: "Acesso negado",
  errorAccessDeniedText: "Você não tem permissão para entrar.",
  errorVerificationHeading: "Não foi possível entrar",
  errorVerificationText: "O link de login não é mais válido. Ele pode já ter sido usado ou ter expirado.",
  errorDefaultHeading: "Algo deu errado",
  errorDefaultText: "Ocorreu um erro. Tente novamente mais tarde.",
  errorBadRequestHeading: "Solicitação inválida",
  errorBadRequestText:
    "Não foi possível entender esta solicitação. Volte, recarregue a página e tente novamente.",
  errorTooLargeHeading: "Dados demais",
  errorTooLargeText: "O formulário enviou mais dados do que o servidor aceita. Volte e tente com menos.",
  errorLinkHome: "Ir para a página inicial",
  errorLinkSignIn: "Entrar",
  errorLinkSignInAgain: "Entrar novamente",
};
