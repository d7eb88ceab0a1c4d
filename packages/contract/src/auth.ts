import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

const email = z.string().trim().min(1, MESSAGES.emailOrPhoneRequired).email("Enter a valid email address");
const password = z.string().min(1, MESSAGES.emailOrPhoneRequired);

/**
 * A new password typed twice (sign-up, the reset page): the rules in their order (docs/product.md#passwords),
 * match
 * first, then length.
 */
function newPasswordRules(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDoNotMatch });
    return;
  }
  if (value.password.length < LIMITS.passwordMin) {
    ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES.passwordTooShort });
  }
  if (value.password.length > LIMITS.passwordMax) {
    ctx.addIssue({
      code: "custom",
      path: ["password"],
      message: `Password must be at most ${LIMITS.passwordMax} characters`,
    });
  }
}

/** Sign-in form. */
export const ZSignIn = z.object({ email, password });
export type TSignIn = z.infer<typeof ZSignIn>;

/** Sign-up form. */
export const ZSignUp = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
  })
  .superRefine(newPasswordRules);
export type TSignUp = z.infer<typeof ZSignUp>;

/** The forgot-password form (POST /api/auth/request-password-reset): the address to send the link to. */
export const ZForgotPassword = z.object({ email });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** The reset page: a new password typed twice, under the sign-up rules. */
export const ZResetPassword = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(newPasswordRules);
export type TResetPassword = z.infer<typeof ZResetPassword>;

const personName = z
  .string()
  .trim()
  .max(LIMITS.nameMax, `Names are limited to ${LIMITS.nameMax} characters`)
  .nullable();

/** POST /api/auth/sync-user: the user-sync payload (docs/product.md#api-calls). */
export const ZSyncUser = z.object({
  userId: z.string().min(1),
  email: z.string().trim().email(),
  firstName: personName,
  lastName: personName,
});
export type TSyncUser = z.infer<typeof ZSyncUser>;

export const ZSubscription = z.enum(["free", "lifetime"]);
export type TSubscription = z.infer<typeof ZSubscription>;

/** GET /api/auth/user: the user with its plan info (docs/product.md#entities). */
export const ZAuthUser = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  user_metadata: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  subscription: ZSubscription,
  usageCount: z.number().int().nonnegative(),
  maxUsage: z.number().int().positive(),
  /** Provider ids of the sign-in methods linked to this user ("credential", "github", ...). */
  providers: z.array(z.string()),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const SOCIAL_PROVIDERS = ["google", "github", "facebook", "linkedin"] as const;
export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** GET /api/config: what the browser needs to know about this deployment. */
export const ZAppConfig = z.object({
  /** Social providers that have a client id and secret configured. */
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  /** A generic OIDC provider id, present only in development and tests. */
  oidcProvider: z.string().nullable(),
  supportEmail: z.string(),
  paymentMode: z.enum(["stripe", "test"]),
  stripePublishableKey: z.string().nullable(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
