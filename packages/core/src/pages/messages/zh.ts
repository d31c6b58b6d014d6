/**
 * Chinese texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Chinese.
 *
 * @example
 * ```ts
 * zh.signOutButton // "退出登录"
 * ```
 */
export const zh: Messages = {
  signInTitle: "登录",
  signInWith: "使用 {provider} 登录",
  signInDivider: "或",
  signInNoProviders: "尚未配置任何登录方式。",
  signInEmailLabel: "电子邮箱",
  signInEmailPlaceholder: "name@example.com",
  signInErrorSignin: "登录未完成。请尝试使用其他账号登录。",
  signInErrorOAuthSignin: "无法通过该服务开始登录。请重试，或选择其他登录方式。",
  signInErrorOAuthCallback: "登录服务报告了一个问题。请重试，或选择其他登录方式。",
  signInErrorOAuthCreateAccount: "无法根据该服务提供的信息创建账号。请重试，或选择其他登录方式。",
  signInErrorEmailCreateAccount: "无法为该邮箱地址创建账号。请重试，或选择其他登录方式。",
  signInErrorCallback: "完成登录时出错。请重试，或选择其他登录方式。",
  signInErrorOAuthAccountNotLinked: "该邮箱地址已用于其他登录方式。为确认是您本人，请使用最初的方式登录。",
  signInErrorEmailSignin: "该邮箱地址无法用于登录。请检查后输入有效地址，例如 name@example.com。",
  signInErrorEmailSendFailed: "无法发送登录邮件。请检查地址后重试。",
  signInErrorCredentialsSignin: "登录失败。请检查您输入的信息是否正确。",
  signInErrorSessionRequired: "请登录后查看此页面。",
  signInErrorMissingCSRF: "此表单已过期。请重试。",
  signInErrorAccountNotLinked: "该登录方式已关联到其他账号。请使用最初的方式登录。",
  signInErrorProviderUnavailable: "无法连接登录服务。请稍后重试，或选择其他登录方式。",
  signInErrorUnavailable: "登录暂时不可用。请稍后再试。",
  signInErrorRateLimited: "登录尝试次数过多。请等待几分钟后再试。",
  signInErrorConfiguration: "由于服务器配置问题，目前无法登录。",
  signInErrorDefault: "登录时出错。请重试。",
  signInWebAuthnNoPasskey: "此地址尚未注册通行密钥。请先用其他方式登录，然后添加通行密钥。",
  signInWebAuthnFailed: "通行密钥登录未完成。请重试。",
  signOutTitle: "退出登录",
  signOutQuestion: "确定要退出登录吗？",
  signOutButton: "退出登录",
  verifyRequestTitle: "请查收邮件",
  verifyRequestText: "登录链接已发送到您的邮箱。",
  verifyRequestCodeText: "登录链接和验证码已发送到您的邮箱。请打开链接，或在此输入验证码。",
  verifyRequestCodeOnlyText: "登录验证码已发送到您的邮箱。请在此输入。",
  verifyRequestCodeLabel: "验证码",
  verifyRequestCodeButton: "使用验证码登录",
  verifyRequestCodeWrong: "验证码不正确。请检查邮件后重试。",
  verifyRequestTextTo: "登录链接已发送到 {email}。",
  emailConfirmTitle: "确认登录",
  emailConfirmQuestion: "以 {email} 的身份登录？",
  emailConfirmButton: "登录",
  emailSubject: "登录 {host}",
  emailHeading: "登录 {host}",
  emailButton: "登录",
  emailIgnore: "如果您没有请求此邮件，可以放心忽略。",
  emailCode: "您的登录验证码：",
  errorConfigurationHeading: "服务器错误",
  errorConfigurationText: "服务器配置有问题。请查看服务器日志了解详情。",
  errorAccessDeniedHeading: "拒绝访问",
  errorAccessDeniedText: "您没有登录权限。",
  errorVerificationHeading: "无法登录",
  errorVerificationText: "登录链接已失效。它可能已被使用或已过期。",
  errorDefaultHeading: "出错了",
  errorDefaultText: "发生错误。请稍后重试。",
  errorBadRequestHeading: "请求无效",
  errorBadRequestText: "无法理解此请求。请返回、刷新页面后重试。",
  errorTooLargeHeading: "数据过多",
  errorTooLargeText: "表单发送的数据超出服务器上限。请返回并减少数据后重试。",
  errorLinkHome: "前往首页",
  errorLinkSignIn: "登录",
  errorLinkSignInAgain: "重新登录",
};
