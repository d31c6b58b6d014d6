/**
 * Japanese texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Japanese.
 *
 * @example
 * ```ts
 * ja.signOutButton // "ログアウト"
 * ```
 */
export const ja: Messages = {
  signInTitle: "ログイン",
  signInWith: "{provider}でログイン",
  signInDivider: "または",
  signInNoProviders: "ログイン方法が設定されていません。",
  signInEmailLabel: "メールアドレス",
  signInEmailPlaceholder: "name@example.com",
  signInErrorSignin: "ログインを完了できませんでした。別のアカウントでお試しください。",
  signInErrorOAuthSignin:
    "このプロバイダーでのログインを開始できませんでした。もう一度試すか、別のログイン方法を選んでください。",
  signInErrorOAuthCallback:
    "ログインプロバイダーで問題が発生しました。もう一度試すか、別のログイン方法を選んでください。",
  signInErrorOAuthCreateAccount:
    "プロバイダーの情報からアカウントを作成できませんでした。もう一度試すか、別のログイン方法を選んでください。",
  signInErrorEmailCreateAccount:
    "このメールアドレスでアカウントを作成できませんでした。もう一度試すか、別のログイン方法を選んでください。",
  signInErrorCallback:
    "ログインの完了中に問題が発生しました。もう一度試すか、別のログイン方法を選んでください。",
  signInErrorOAuthAccountNotLinked:
    "このメールアドレスは別のログイン方法ですでに使われています。本人確認のため、最初と同じ方法でログインしてください。",
  signInErrorEmailSignin:
    "このメールアドレスではログインできません。name@example.com のような正しいアドレスを入力してください。",
  signInErrorEmailSendFailed:
    "ログイン用メールを送信できませんでした。アドレスを確認して、もう一度お試しください。",
  signInErrorCredentialsSignin: "ログインに失敗しました。入力内容が正しいか確認してください。",
  signInErrorSessionRequired: "このページを見るにはログインしてください。",
  signInErrorMissingCSRF: "フォームの有効期限が切れました。もう一度お試しください。",
  signInErrorAccountNotLinked:
    "このログイン方法はすでに別のアカウントに紐づいています。最初と同じ方法でログインしてください。",
  signInErrorProviderUnavailable:
    "ログインプロバイダーに接続できませんでした。少し待ってから試すか、別のログイン方法を選んでください。",
  signInErrorUnavailable:
    "現在ログインを一時的にご利用いただけません。しばらくしてからもう一度お試しください。",
  signInErrorRateLimited: "ログインの試行回数が多すぎます。数分待ってから、もう一度お試しください。",
  signInErrorConfiguration: "サーバーの設定に問題があるため、現在ログインできません。",
  signInErrorDefault: "ログイン中に問題が発生しました。もう一度お試しください。",
  signInWebAuthnNoPasskey:
    "このアドレスにはパスキーが登録されていません。別の方法でログインしてから、パスキーを追加してください。",
  signInWebAuthnFailed: "パスキーでのログインが完了しませんでした。もう一度お試しください。",
  signOutTitle: "ログアウト",
  signOutQuestion: "ログアウトしてもよろしいですか？",
  signOutButton: "ログアウト",
  verifyRequestTitle: "メールを確認してください",
  verifyRequestText: "ログイン用のリンクをメールアドレスに送信しました。",
  verifyRequestCodeText:
    "ログイン用のリンクとコードをメールアドレスに送信しました。リンクを開くか、ここにコードを入力してください。",
  verifyRequestCodeOnlyText: "ログイン用のコードをメールアドレスに送信しました。ここに入力してください。",
  verifyRequestCodeLabel: "コード",
  verifyRequestCodeButton: "コードでログイン",
  verifyRequestCodeWrong: "コードが正しくありません。メールを確認して、もう一度お試しください。",
  verifyRequestTextTo: "ログイン用のリンクを {email} に送信しました。",
  emailConfirmTitle: "ログインの確認",
  emailConfirmQuestion: "{email} としてログインしますか？",
  emailConfirmButton: "ログイン",
  emailSubject: "{host} にログイン",
  emailHeading: "{host} にログイン",
  emailButton: "ログイン",
  emailIgnore: "このメールに心当たりがない場合は、無視してください。",
  emailCode: "サインインコード：",
  errorConfigurationHeading: "サーバーエラー",
  errorConfigurationText: "サーバーの設定に問題があります。詳しくはサーバーのログを確認してください。",
  errorAccessDeniedHeading: "アクセスが拒否されました",
  errorAccessDeniedText: "ログインする権限がありません。",
  errorVerificationHeading: "ログインできません",
  errorVerificationText: "ログインリンクは無効です。すでに使用されたか、有効期限が切れた可能性があります。",
  errorDefaultHeading: "問題が発生しました",
  errorDefaultText: "エラーが発生しました。しばらくしてからもう一度お試しください。",
  errorBadRequestHeading: "不正なリクエスト",
  errorBadRequestText:
    "このリクエストを処理できませんでした。前のページに戻り、再読み込みしてからお試しください。",
  errorTooLargeHeading: "データが多すぎます",
  errorTooLargeText:
    "フォームから送信されたデータがサーバーの上限を超えています。前のページに戻り、量を減らしてお試しください。",
  errorLinkHome: "ホームページへ",
  errorLinkSignIn: "ログイン",
  errorLinkSignInAgain: "もう一度ログイン",
};
