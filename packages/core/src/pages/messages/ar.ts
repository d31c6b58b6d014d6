/**
 * Arabic texts of the built-in pages.
 *
 * @module
 */
import type { Messages } from "./en";

/**
 * The built-in pages in Arabic.
 *
 * @example
 * ```ts
 * ar.signOutButton // "تسجيل الخروج"
 * ```
 */
export const ar: Messages = {
  signInTitle: "تسجيل الدخول",
  signInWith: "تسجيل الدخول عبر {provider}",
  signInDivider: "أو",
  signInNoProviders: "لم يتم إعداد أي طريقة لتسجيل الدخول.",
  signInEmailLabel: "البريد الإلكتروني",
  signInEmailPlaceholder: "name@example.com",
  signInErrorSignin: "لم يكتمل تسجيل الدخول. جرّب تسجيل الدخول بحساب آخر.",
  signInErrorOAuthSignin:
    "تعذّر بدء تسجيل الدخول عبر هذا المزوّد. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorOAuthCallback:
    "أبلغ مزوّد تسجيل الدخول عن مشكلة. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorOAuthCreateAccount:
    "تعذّر إنشاء حساب من بيانات المزوّد. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorEmailCreateAccount:
    "تعذّر إنشاء حساب لهذا البريد الإلكتروني. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorCallback: "حدث خطأ أثناء إكمال تسجيل الدخول. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorOAuthAccountNotLinked:
    "بريدك الإلكتروني مستخدم بالفعل مع طريقة أخرى لتسجيل الدخول. للتأكد من هويتك، سجّل الدخول بالطريقة التي استخدمتها أول مرة.",
  signInErrorEmailSignin:
    "لا يمكن استخدام هذا البريد الإلكتروني لتسجيل الدخول. تحقّق منه وأدخل عنوانًا صالحًا مثل name@example.com.",
  signInErrorEmailSendFailed: "تعذّر إرسال رسالة تسجيل الدخول. تحقّق من العنوان وحاول مرة أخرى.",
  signInErrorCredentialsSignin: "فشل تسجيل الدخول. تأكّد من صحة البيانات التي أدخلتها.",
  signInErrorSessionRequired: "يُرجى تسجيل الدخول لعرض هذه الصفحة.",
  signInErrorMissingCSRF: "انتهت صلاحية هذا النموذج. يُرجى المحاولة مرة أخرى.",
  signInErrorAccountNotLinked:
    "طريقة تسجيل الدخول هذه مرتبطة بالفعل بحساب آخر. سجّل الدخول بالطريقة التي استخدمتها أول مرة.",
  signInErrorProviderUnavailable:
    "تعذّر الوصول إلى مزوّد تسجيل الدخول. حاول مرة أخرى بعد قليل أو اختر طريقة أخرى لتسجيل الدخول.",
  signInErrorUnavailable: "تسجيل الدخول غير متاح مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.",
  signInErrorRateLimited: "محاولات تسجيل دخول كثيرة جدًا. انتظر بضع دقائق ثم حاول مرة أخرى.",
  signInErrorConfiguration: "تسجيل الدخول غير متاح الآن بسبب مشكلة في إعدادات الخادم.",
  signInErrorDefault: "حدث خطأ أثناء تسجيل الدخول. يُرجى المحاولة مرة أخرى.",
  signInWebAuthnNoPasskey: "لا يوجد مفتاح مرور مسجّل لهذا العنوان. سجّل الدخول بطريقة أخرى، ثم أضف مفتاح مرور.",
  signInWebAuthnFailed: "لم يكتمل تسجيل الدخول بمفتاح المرور. يُرجى المحاولة مرة أخرى.",
  signOutTitle: "تسجيل الخروج",
  signOutQuestion: "هل تريد تسجيل الخروج بالتأكيد؟",
  signOutButton: "تسجيل الخروج",
  verifyRequestTitle: "تحقّق من بريدك الإلكتروني",
  verifyRequestText: "أرسلنا رابط تسجيل الدخول إلى بريدك الإلكتروني.",
  verifyRequestCodeText:
    "أرسلنا رابطًا ورمزًا لتسجيل الدخول إلى بريدك الإلكتروني. افتح الرابط أو أدخل الرمز هنا.",
  verifyRequestCodeOnlyText: "أرسلنا رمز تسجيل الدخول إلى بريدك الإلكتروني. أدخله هنا.",
  verifyRequestCodeLabel: "الرمز",
  verifyRequestCodeButton: "تسجيل الدخول بالرمز",
  verifyRequestCodeWrong: "هذا الرمز غير صحيح. تحقّق من البريد الإلكتروني وحاول مرة أخرى.",
  verifyRequestTextTo: "أرسلنا رابط تسجيل الدخول إلى {email}.",
  emailConfirmTitle: "تأكيد تسجيل الدخول",
  emailConfirmQuestion: "تسجيل الدخول باسم {email}؟",
  emailConfirmButton: "تسجيل الدخول",
  emailSubject: "تسجيل الدخول إلى {host}",
  emailHeading: "تسجيل الدخول إلى {host}",
  emailButton: "تسجيل الدخول",
  emailIgnore: "إذا لم تطلب هذه الرسالة، يمكنك تجاهلها بأمان.",
  emailCode: "رمز تسجيل الدخول الخاص بك:",
  errorConfigurationHeading: "خطأ في الخادم",
  errorConfigurationText: "توجد مشكلة في إعدادات الخادم. راجع سجلات الخادم لمزيد من المعلومات.",
  errorAccessDeniedHeading: "تم رفض الوصول",
  errorAccessDeniedText: "ليس لديك إذن بتسجيل الدخول.",
  errorVerificationHeading: "تعذّر تسجيل الدخول",
  errorVerificationText: "رابط تسجيل الدخول لم يعد صالحًا. ربما استُخدم من قبل أو انتهت صلاحيته.",
  errorDefaultHeading: "حدث خطأ ما",
  errorDefaultText: "حدث خطأ. يُرجى المحاولة لاحقًا.",
  errorBadRequestHeading: "طلب غير صالح",
  errorBadRequestText: "تعذّر فهم هذا الطلب. ارجع وأعد تحميل الصفحة ثم حاول مرة أخرى.",
  errorTooLargeHeading: "بيانات كثيرة جدًا",
  errorTooLargeText: "أرسل النموذج بيانات أكثر مما يقبله الخادم. ارجع وحاول ببيانات أقل.",
  errorLinkHome: "الانتقال إلى الصفحة الرئيسية",
  errorLinkSignIn: "تسجيل الدخول",
  errorLinkSignInAgain: "تسجيل الدخول مرة أخرى",
};
