import { z } from "zod";
import { PaymentRequestSchema } from "./receipt";
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LAUNCH_STATUSES,
  SITE_IMAGE_PATH,
  SUBMITTED_BY_MAX,
  SUBMITTED_BY_MIN,
  TITLE_MAX,
  TITLE_MIN,
  TRANSACTION_ID_MAX,
  TRANSACTION_ID_MIN,
  URL_MAX_LENGTH,
} from "./submission-rules";
import { plainText, textProblem } from "./text";

/**
 * The submission rules, written once: the free and paid forms validate with these schemas and
 * POST /api/headlines and /api/headlines/paid-submission validate the same bodies with them. Messages are
 * the spec's own wording (section 5) where it gives one. What a form needs to draw (limits, image types)
 * lives in submission-rules.ts, the image file check in image-file-check.ts; both are re-exported here.
 */
export * from "./image-file-check";
export * from "./submission-rules";

export const SUBMISSION_MESSAGES = {
  titleMin: "Headline must be at least 5 characters",
  titleMax: "Headline must be less than 100 characters",
  descriptionMin: "Description must be at least 20 characters",
  descriptionMax: "Description must be less than 500 characters",
  articleUrl: "Telegram URL must be a valid URL starting with http",
  twitterUrl: "Twitter URL must be a valid URL starting with http",
  websiteUrl: "Website URL must be a valid URL starting with http",
  urlTooLong: "URLs must be at most 2048 characters",
  imageRequired: "Please either upload an image or provide an image URL.",
  imageUrl: "Image URL must be a valid URL starting with http",
  submittedByMin: "Please enter your name or organization",
  submittedByMax: "Name or organization must be at most 50 characters",
  launchStatus: "Please select if your project has already launched or is upcoming",
  launchDate: "Launch date must be in YYYY-MM-DD format",
  transactionId: "Please enter a valid transaction ID",
  transactionIdMax: "Transaction ID must be at most 120 characters",
  terms: "You must accept the terms",
} as const;

const M = SUBMISSION_MESSAGES;

/**
 * True for an absolute http(s) URL with a host. The scheme is checked on the parsed URL, so `javascript:`,
 * `data:` and look-alikes such as `http:foo` or ` javascript:` never pass; control characters and spaces
 * are refused outright rather than left to the URL parser, which would silently drop some of them, and so
 * are the invisible and text-direction characters of text.ts.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value) || textProblem(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const SUBMISSION_RESULT_MESSAGES = {
  free: "Submission received! Our team will review it.",
  paid: "Submission received! Our team will review it after payment verification.",
} as const;

const requiredText = (
  label: string,
  [min, max]: [number, number],
  minMessage: string,
  maxMessage: string,
  multiline = false,
) => plainText(label, { error: minMessage, multiline }).min(min, minMessage).max(max, maxMessage);

/** An optional http(s) link: empty, null or absent all mean "not given" and come out as undefined. */
const optionalHttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      if (value.length > URL_MAX_LENGTH) ctx.addIssue({ code: "custom", message: M.urlTooLong });
      else if (!isHttpUrl(value)) ctx.addIssue({ code: "custom", message });
    })
    .transform((value) => value || undefined);

/** Either an image uploaded here (/api/images/<sha256>) or an http(s) URL; blank means no image. */
const imageUrl = z
  .string({ error: M.imageRequired })
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: M.imageRequired });
    else if (value.length > URL_MAX_LENGTH) ctx.addIssue({ code: "custom", message: M.urlTooLong });
    else if (!SITE_IMAGE_PATH.test(value) && !isHttpUrl(value))
      ctx.addIssue({ code: "custom", message: M.imageUrl });
  });

const freeFields = {
  title: requiredText("Headline", [TITLE_MIN, TITLE_MAX], M.titleMin, M.titleMax),
  description: requiredText(
    "Description",
    [DESCRIPTION_MIN, DESCRIPTION_MAX],
    M.descriptionMin,
    M.descriptionMax,
    true,
  ),
  imageUrl,
  articleUrl: optionalHttpUrl(M.articleUrl),
  twitterUrl: optionalHttpUrl(M.twitterUrl),
  websiteUrl: optionalHttpUrl(M.websiteUrl),
};

/**
 * POST /api/headlines. Unknown keys (isApproved, isWinner, isPaid, votes, ...) are stripped by the object
 * schema, so a visitor can never set them.
 */
export const FreeSubmissionInputSchema = z.object(freeFields);
export type FreeSubmissionInput = z.infer<typeof FreeSubmissionInputSchema>;

/** A pasted transaction signature (the paid form, and the receipt page's fallback). */
export const transactionIdSchema = z
  .string({ error: M.transactionId })
  .trim()
  .min(TRANSACTION_ID_MIN, M.transactionId)
  .max(TRANSACTION_ID_MAX, M.transactionIdMax)
  // Base58 signatures and hex hashes are alphanumeric; anything else is a typo or a probe.
  .regex(/^[A-Za-z0-9]*$/, M.transactionId);

/** POST /api/submissions/{receipt}/transaction: the receipt page's pasted-signature fallback. */
export const PasteTransactionInputSchema = z.object({ transactionId: transactionIdSchema });

/** POST /api/headlines/paid-submission: the free fields plus the project and its payment. */
export const PaidSubmissionInputSchema = z.object({
  ...freeFields,
  submittedBy: requiredText(
    "Name or organization",
    [SUBMITTED_BY_MIN, SUBMITTED_BY_MAX],
    M.submittedByMin,
    M.submittedByMax,
  ),
  launchStatus: z.enum(LAUNCH_STATUSES, { error: M.launchStatus }).default("upcoming"),
  launchDate: z
    .string({ error: M.launchDate })
    .trim()
    .nullish()
    .refine((value) => !value || isCalendarDate(value), M.launchDate)
    .transform((value) => value || undefined),
  // Optional since Solana Pay (issue 15): the submission is made first and paid through its transfer
  // request; a signature pasted here (paid another way) is checked the same way before it counts.
  transactionId: z
    .string({ error: M.transactionId })
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      const problem = value ? transactionIdSchema.safeParse(value).error?.issues[0] : undefined;
      if (problem) ctx.addIssue({ code: "custom", message: problem.message });
    })
    .transform((value) => value || undefined),
});
export type PaidSubmissionInput = z.infer<typeof PaidSubmissionInputSchema>;

/**
 * The forms add the terms checkbox. It is a browser-only field: the API schemas above never require it,
 * and the form does not send it.
 */
const termsAccepted = z.literal(true, { error: M.terms });
export const FreeSubmissionFormSchema = FreeSubmissionInputSchema.extend({ termsAccepted });
export const PaidSubmissionFormSchema = PaidSubmissionInputSchema.extend({ termsAccepted });
export type FreeSubmissionFormValues = z.input<typeof FreeSubmissionFormSchema>;
export type PaidSubmissionFormValues = z.input<typeof PaidSubmissionFormSchema>;

/** The answer to an accepted submission (201). */
export const SubmissionResultSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** The submitter's receipt id: /submission/{receipt} follows the submission (given only here; staff get none). */
  receipt: z.string().optional(),
  /** A promoted submission's Solana Pay transfer request (null when no payment address is configured). */
  payment: PaymentRequestSchema.nullable().optional(),
});
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;

/** POST /api/upload's answer. */
export const UploadResultSchema = z.object({ imageUrl: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;
