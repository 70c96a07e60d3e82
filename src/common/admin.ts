import { z } from "zod";
import { HEADLINE_STAGES, HeadlineSchema } from "./headline";
import { SCHEDULE_MODES, SettingsSchema } from "./settings";
import { isSolanaAddress } from "./solana-address";
import { plainText, textProblem } from "./text";

/**
 * The dashboard's requests and answers, shared by the admin forms (zod resolver) and the server routes
 * (type provider). The messages are the spec's own wording where it gives one (section 5, "Admin").
 */

/**
 * The password rule (ASVS 6.2): 8 to 128 characters, no composition rules. The server also refuses the
 * 10,000 most common passwords (features/accounts/password-rules.ts; the list is too big to ship to
 * browsers). Nothing longer is ever hashed: the login answers a longer password like any wrong one.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const COMMON_PASSWORD =
  "This password is one of the 10,000 most common passwords. Please choose one that is harder to guess.";

/** The rule in a form's words, under every new-password field. */
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`;

/** A new password with the length rule; the messages differ by form (the spec words them differently). */
export const newPassword = (messages: { tooShort: string; tooLong: string }) =>
  z
    .string({ error: messages.tooShort })
    .min(PASSWORD_MIN_LENGTH, messages.tooShort)
    .max(PASSWORD_MAX_LENGTH, messages.tooLong);

const accountPassword = newPassword({
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
});

const INVALID_DATE_TIME = "Invalid Date/Time";

/** An http(s) URL, or an image this site stored (`/api/images/<sha-256>`). */
const IMAGE_URL_PATTERN = /^(https?:\/\/\S+|\/api\/images\/[a-f0-9]{64})$/i;
const IMAGE_URL_MESSAGE = "Image URL must be an http(s) URL or an uploaded image";

/** Optional text where an empty or blank value means "none": it becomes null. */
const optionalText = (inner: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(inner.nullable());

const httpUrl = (message: string) =>
  z
    .string()
    .max(2048, message)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v) && !textProblem(v), message);

/** An image link: an http(s) URL or an uploaded image, without the characters text.ts refuses. */
const imageUrl = () =>
  z
    .string()
    .regex(IMAGE_URL_PATTERN, IMAGE_URL_MESSAGE)
    .refine((v) => !textProblem(v), IMAGE_URL_MESSAGE);

// --- accounts ------------------------------------------------------------------------------------------

export const LoginInputSchema = z.object({
  username: plainText("Username", { error: "Username is required" }).min(1, "Username is required"),
  // No length limit here: the server answers a too-long password like any wrong one (and without hashing it).
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Who is logged in: what GET /api/user and POST /api/login answer. */
export const SessionUserSchema = z.object({
  username: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const RegisterStaffInputSchema = z.object({
  username: plainText("Username", { error: "Username must be at least 3 characters" })
    .min(3, "Username must be at least 3 characters")
    .max(50, "Username must be at most 50 characters"),
  password: accountPassword,
  // The spec's default: a new account is an administrator unless the switch is turned off.
  isAdmin: z.boolean().default(true),
});
export type RegisterStaffInput = z.infer<typeof RegisterStaffInputSchema>;

const resetPassword = newPassword({
  tooShort: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Passwords must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
});

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password.";

/** What the server receives; the form adds the two confirmations ("... passwords do not match."). */
export const SecurityResetInputSchema = z.object({
  /** The logged-in administrator's own password: a session alone (a stolen cookie) cannot run the reset. */
  currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED),
  newAdminPassword: resetPassword,
  newStaffPassword: resetPassword,
});
export type SecurityResetInput = z.infer<typeof SecurityResetInputSchema>;

/** What the security reset did to one account. Every session of every account ends as well. */
export const RESET_ACTIONS = ["password set", "created", "disabled", "stays disabled"] as const;
export type ResetAction = (typeof RESET_ACTIONS)[number];

export const SecurityResetResultSchema = z.object({
  /** The spec's answer: the accounts whose password was set (admin and staff). */
  updatedUsers: z.array(z.string()),
  accounts: z.array(z.object({ username: z.string(), action: z.enum(RESET_ACTIONS) })),
});
export type SecurityResetResult = z.infer<typeof SecurityResetResultSchema>;

/** An account as Staff Management lists it (never its password hash). Dates are ISO strings. */
export const StaffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
export const StaffAccountListSchema = z.array(StaffAccountSchema);

/** Re-enabling an account always sets a new password: the old one may be what an intruder knows. */
export const EnableAccountInputSchema = z.object({ password: accountPassword });
export type EnableAccountInput = z.infer<typeof EnableAccountInputSchema>;

// --- headlines -----------------------------------------------------------------------------------------

/**
 * A headline as the dashboard sees it: the public shape plus the payment fields staff review and the
 * Yesterday's News flag (on Yesterday's News, derived from oldNewsAt). The submitter's IP is absent on purpose: it never leaves the server.
 */
export const AdminHeadlineSchema = HeadlineSchema.extend({
  /** The one stage the flags are derived from: the dashboard tells a rejected submission from a pending one. */
  stage: z.enum(HEADLINE_STAGES),
  transactionId: z.string().nullable(),
  paymentNote: z.string().nullable(),
  /** Came through the promoted form: it has a payment (awaited, pasted or found on chain). */
  isPromotedSubmission: z.boolean(),
  /** A promoted submission whose Solana Pay payment has not arrived yet (nothing pasted, nothing found). */
  awaitingPayment: z.boolean(),
  isOldNews: z.boolean(),
  oldNewsAt: z.string().nullable(),
});
export type AdminHeadline = z.infer<typeof AdminHeadlineSchema>;
export const AdminHeadlineListSchema = z.array(AdminHeadlineSchema);

/**
 * "Move Top 4 to Today's News" answers the headlines list the spec names, each saying whether it joined
 * today's voting now (false: it was already in it, through the Today's News switch), so the toast counts
 * only those that joined (issue 31).
 */
export const MoveTopResultSchema = z.array(AdminHeadlineSchema.extend({ joinedToday: z.boolean() }));
export type MoveTopResult = z.infer<typeof MoveTopResultSchema>;

export const AdminSummarySchema = z.object({
  pendingApproval: z.number().int(),
  activeHeadlines: z.number().int(),
  winners: z.number().int(),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

/** A numeric id in a path: malformed ids are a 400, never a database error (the rule is in ids.ts). */
export { IdParamsSchema } from "./ids";

export const TodaysToggleResultSchema = z.object({ id: z.number().int(), isTodaysNews: z.boolean() });
export const TomorrowsToggleResultSchema = z.object({ id: z.number().int(), isTomorrowsNews: z.boolean() });
export type TodaysToggleResult = z.infer<typeof TodaysToggleResultSchema>;
export type TomorrowsToggleResult = z.infer<typeof TomorrowsToggleResultSchema>;

export const REJECTION_REASON_MAX = 200;

export const VerifyPaymentInputSchema = z.object({
  isPaid: z.boolean({ error: "isPaid must be true or false" }),
  /** Why a payment is rejected, for the submitter's receipt (optional; ignored when verifying). */
  reason: plainText("Reason", { error: "The reason must be text" })
    .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`)
    .optional(),
});
export const VerifyPaymentResultSchema = z.object({ isPaid: z.boolean(), message: z.string() });
export type VerifyPaymentResult = z.infer<typeof VerifyPaymentResultSchema>;

const contractAddress = z
  .string({ error: "Contract address is required" })
  .trim()
  .min(1, "Contract address is required")
  .refine(isSolanaAddress, "Invalid Solana contract address format");

export const ContractAddressInputSchema = z.object({ contractAddress });

/** The token edit form on Yesterday's News (PUT /api/admin/headlines/:id). */
export const TokenEditInputSchema = z.object({
  title: plainText("Title", { error: "Title is required" })
    .min(1, "Title is required")
    .max(100, "Title must be at most 100 characters"),
  symbol: optionalText(plainText("Symbol").max(20, "Symbol must be at most 20 characters")).optional(),
  imageUrl: optionalText(imageUrl()).optional(),
  description: plainText("Description", { multiline: true })
    .max(500, "Description must be at most 500 characters")
    .optional(),
});
export type TokenEditInput = z.infer<typeof TokenEditInputSchema>;

const optionalAmount = z.number().finite().nonnegative().nullish();

/**
 * "Generate token from address": a launched token entered by staff. It goes straight to Yesterday's News
 * (and the Winners tab). Sent with a session to POST /api/headlines.
 */
export const TokenHeadlineInputSchema = z.object({
  title: plainText("Title", { error: "Title is required" })
    .min(1, "Title is required")
    .max(100, "Title must be at most 100 characters"),
  description: plainText("Description", { multiline: true })
    .max(500, "Description must be at most 500 characters")
    .default(""),
  imageUrl: optionalText(imageUrl()).optional(),
  symbol: optionalText(plainText("Symbol").max(20, "Symbol must be at most 20 characters")).optional(),
  contractAddress,
  price: optionalAmount,
  marketCap: optionalAmount,
  volume24h: optionalAmount,
  chartUrl: optionalText(httpUrl("Chart URL must be a valid URL starting with http")).optional(),
  buyUrl: optionalText(httpUrl("Buy URL must be a valid URL starting with http")).optional(),
  twitterUrl: optionalText(httpUrl("Twitter URL must be a valid URL starting with http")).optional(),
  websiteUrl: optionalText(httpUrl("Website URL must be a valid URL starting with http")).optional(),
});
export type TokenHeadlineInput = z.infer<typeof TokenHeadlineInputSchema>;

export const MoveWinnerResultSchema = z.object({
  headline: AdminHeadlineSchema,
  archiveEntry: z.object({
    id: z.number().int(),
    title: z.string(),
    memeCoin: z.string().nullable(),
    votes: z.number().int(),
    launchDate: z.string(),
  }),
});
export type MoveWinnerResult = z.infer<typeof MoveWinnerResultSchema>;

// --- settings and notifications ----------------------------------------------------------------------

/**
 * The years a cycle time or an expiry may fall in. PostgreSQL has no year 0 and JavaScript dates end in
 * 275760: a date outside these years is a typo or a probe, refused before it reaches the database.
 */
const YEARS = { min: 2000, max: 9999 } as const;
const inYears = (instant: number) => {
  const year = new Date(instant).getUTCFullYear();
  return Number.isFinite(instant) && year >= YEARS.min && year <= YEARS.max;
};

const dateTime = z.iso
  .datetime({ offset: true, error: INVALID_DATE_TIME })
  .refine((v) => inYears(Date.parse(v)), INVALID_DATE_TIME);

/**
 * PUT /api/admin/settings. The dashboard computes the times with src/common/schedule.ts; the server only
 * checks that they are real instants in the right order.
 */
const CURRENT_DAY_MESSAGE = "currentDay must be a date in YYYY-MM-DD format";

export const UpdateSettingsInputSchema = z
  .object({
    launchTime: dateTime,
    votingEndTime: dateTime,
    currentDay: z.iso
      .date({ error: CURRENT_DAY_MESSAGE })
      .refine((v) => inYears(Date.parse(v)), CURRENT_DAY_MESSAGE)
      .optional(),
    scheduleMode: z
      .enum(SCHEDULE_MODES, { error: "scheduleMode must be daily, weekly or custom" })
      .optional(),
  })
  .refine((s) => Date.parse(s.votingEndTime) < Date.parse(s.launchTime), {
    message: INVALID_DATE_TIME,
    path: ["votingEndTime"],
  });
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInputSchema>;

export const NOTIFICATION_MAX_LENGTH = 280;

export const NotificationInputSchema = z.object({
  message: plainText("Message", { error: "Message is required" })
    .min(1, "Message is required")
    .max(NOTIFICATION_MAX_LENGTH, `Message must be at most ${NOTIFICATION_MAX_LENGTH} characters`),
  // The form's empty date field means "no expiry".
  expiresAt: optionalText(dateTime)
    .optional()
    .transform((v) => v ?? null)
    .refine((v) => v === null || Date.parse(v) > Date.now(), "The expiry must be in the future"),
});
export type NotificationInput = z.infer<typeof NotificationInputSchema>;

/**
 * What PUT /api/admin/settings answers: the stored settings, and a notice when a voting close already past
 * was moved to the next day (the dashboard shows it).
 */
export const UpdateSettingsResultSchema = SettingsSchema.extend({ notice: z.string().nullable() });
export type UpdateSettingsResult = z.infer<typeof UpdateSettingsResultSchema>;
