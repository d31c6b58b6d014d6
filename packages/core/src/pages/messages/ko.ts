/**
 * Korean texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Korean.
 *
 * @example
 * ```ts
 * ko.signOutButton // "로그아웃"
 * ```
 */
export const ko: Messages = {
  signInTitle: "로그인",
  signInWith: "{provider}(으)로 로그인",
  signInDivider: "또는",
  signInNoProviders: "설정된 로그인 방법이 없습니다.",
  signInEmailLabel: "이메일",
  signInEmailPlaceholder: "name@example.com",
  signInErrorSignin: "로그인을 완료하지 못했습니다. 다른 계정으로 로그인해 보세요.",
  signInErrorOAuthSignin:
    "이 서비스로 로그인을 시작할 수 없습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorOAuthCallback:
    "로그인 서비스에서 문제가 발생했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorOAuthCreateAccount:
    "서비스 정보로 계정을 만들 수 없습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorEmailCreateAccount:
    "이 이메일 주소로 계정을 만들 수 없습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorCallback:
    "로그인을 마무리하는 중 문제가 발생했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorOAuthAccountNotLinked:
    "이 이메일 주소는 이미 다른 로그인 방법에 사용되고 있습니다. 본인 확인을 위해 처음 사용한 방법으로 로그인하세요.",
  signInErrorEmailSignin:
    "이 이메일 주소로는 로그인할 수 없습니다. name@example.com처럼 올바른 주소를 입력하세요.",
  signInErrorEmailSendFailed: "로그인 이메일을 보내지 못했습니다. 주소를 확인하고 다시 시도하세요.",
  signInErrorCredentialsSignin: "로그인에 실패했습니다. 입력한 정보가 맞는지 확인하세요.",
  signInErrorSessionRequired: "이 페이지를 보려면 로그인하세요.",
  signInErrorMissingCSRF: "양식이 만료되었습니다. 다시 시도하세요.",
  signInErrorAccountNotLinked:
    "이 로그인 방법은 이미 다른 계정에 연결되어 있습니다. 처음 사용한 방법으로 로그인하세요.",
  signInErrorProviderUnavailable:
    "로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  signInErrorUnavailable: "지금은 잠시 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.",
  signInErrorRateLimited: "로그인 시도가 너무 많습니다. 몇 분 후에 다시 시도하세요.",
  signInErrorConfiguration: "서버 설정 문제로 지금은 로그인할 수 없습니다.",
  signInErrorDefault: "로그인 중 문제가 발생했습니다. 다시 시도하세요.",
  signInWebAuthnNoPasskey:
    "이 주소에 등록된 패스키가 없습니다. 다른 방법으로 로그인한 다음 패스키를 추가하세요.",
  signInWebAuthnFailed: "패스키 로그인이 완료되지 않았습니다. 다시 시도하세요.",
  signOutTitle: "로그아웃",
  signOutQuestion: "정말 로그아웃하시겠습니까?",
  signOutButton: "로그아웃",
  verifyRequestTitle: "이메일을 확인하세요",
  verifyRequestText: "로그인 링크를 이메일 주소로 보냈습니다.",
  verifyRequestCodeText:
    "로그인 링크와 코드를 이메일 주소로 보냈습니다. 링크를 열거나 여기에 코드를 입력하세요.",
  verifyRequestCodeOnlyText: "로그인 코드를 이메일 주소로 보냈습니다. 여기에 입력하세요.",
  verifyRequestCodeLabel: "코드",
  verifyRequestCodeButton: "코드로 로그인",
  verifyRequestCodeWrong: "코드가 올바르지 않습니다. 이메일을 확인하고 다시 시도하세요.",
  verifyRequestTextTo: "로그인 링크를 {email}(으)로 보냈습니다.",
  emailConfirmTitle: "로그인 확인",
  emailConfirmQuestion: "{email}(으)로 로그인하시겠습니까?",
  emailConfirmButton: "로그인",
  emailSubject: "{host}에 로그인",
  emailHeading: "{host}에 로그인",
  emailButton: "로그인",
  emailIgnore: "이 이메일을 요청하지 않았다면 무시하셔도 됩니다.",
  emailCode: "로그인 코드:",
  errorConfigurationHeading: "서버 오류",
  errorConfigurationText: "서버 설정에 문제가 있습니다. 자세한 내용은 서버 로그를 확인하세요.",
  errorAccessDeniedHeading: "접근 거부",
  errorAccessDeniedText: "로그인할 권한이 없습니다.",
  errorVerificationHeading: "로그인할 수 없습니다",
  errorVerificationText: "로그인 링크가 더 이상 유효하지 않습니다. 이미 사용되었거나 만료되었을 수 있습니다.",
  errorDefaultHeading: "문제가 발생했습니다",
  errorDefaultText: "오류가 발생했습니다. 나중에 다시 시도하세요.",
  errorBadRequestHeading: "잘못된 요청",
  errorBadRequestText: "요청을 이해할 수 없습니다. 이전 페이지로 돌아가 새로고침한 뒤 다시 시도하세요.",
  errorTooLargeHeading: "데이터가 너무 많습니다",
  errorTooLargeText: "양식이 서버가 허용하는 것보다 많은 데이터를 보냈습니다. 돌아가서 더 적게 보내 보세요.",
  errorLinkHome: "홈페이지로 이동",
  errorLinkSignIn: "로그인",
  errorLinkSignInAgain: "다시 로그인",
};
