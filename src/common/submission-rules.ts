import { IMAGE_MAX_BYTES } from "./images";

/**
 * The submission rules that need no zod: the spec's messages, the limits, the URL and date checks and the
 * image file check. submission.ts builds the schemas from them and re-exports them all; the form's fields
 * import them from here, so that zod loads only when a form first validates (features/submissions).
 */

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

export const TITLE_MIN = 5;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 500;
export const SUBMITTED_BY_MIN = 2;
export const SUBMITTED_BY_MAX = 50;
export const TRANSACTION_ID_MIN = 10;
/** Solana signatures are 87-88 base58 characters; the cap leaves room for other chains' ids, not for essays. */
export const TRANSACTION_ID_MAX = 120;
export const URL_MAX_LENGTH = 2048;
export const LAUNCH_STATUSES = ["launched", "upcoming"] as const;
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];

/** An image stored by POST /api/upload: the only site-relative image address a submission may carry. */
export const SITE_IMAGE_PATH = /^\/api\/images\/[a-f0-9]{64}$/;

/**
 * True for an absolute http(s) URL with a host. The scheme is checked on the parsed URL, so `javascript:`,
 * `data:` and look-alikes such as `http:foo` or ` javascript:` never pass; control characters and spaces
 * are refused outright rather than left to the URL parser, which would silently drop some of them.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value) || hasControlCharacter(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
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

// ---- Image files (the upload picker and POST /api/upload) ----

/** The accepted image types, by MIME type and file extension. The server decides by content, not by these. */
export const IMAGE_TYPES = [
  { mime: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  { mime: "image/png", extensions: [".png"] },
  { mime: "image/webp", extensions: [".webp"] },
  { mime: "image/gif", extensions: [".gif"] },
] as const;

/** MIME types a browser may report for those files ("image/jpg" is a non-standard alias some send). */
export const IMAGE_MIME_TYPES: readonly string[] = [...IMAGE_TYPES.map((t) => t.mime), "image/jpg"];
export const IMAGE_EXTENSIONS: readonly string[] = IMAGE_TYPES.flatMap((t) => t.extensions);
/** For `<input type="file" accept=...>`. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES.map((t) => t.mime), ...IMAGE_EXTENSIONS].join(",");

export const IMAGE_MESSAGES = {
  /** Form field message for a file of another type. */
  fileType: "Only .jpg, .jpeg, .png, .webp, and .gif formats are supported",
  /** Toast title and text for a file of another type; the server's 415 answer uses the same text. */
  invalidTypeTitle: "Invalid file type",
  invalidType: "Only JPG, PNG, WebP, and GIF images are allowed.",
  tooLargeTitle: "File too large",
  /** The server's 413 answer. */
  tooLarge: "Maximum file size is 5MB.",
} as const;

/** Megabytes (MiB) with two decimals, as the messages show them. */
export function fileSizeMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** Form field message for a file over the limit. */
export function fileTooLargeMessage(bytes: number): string {
  return `File size must be less than 5MB. Current size: ${fileSizeMb(bytes)} MB`;
}

/** Toast text for a file over the limit. */
export function fileTooLargeToast(bytes: number): string {
  return `Maximum file size is 5MB. Your file is ${fileSizeMb(bytes)} MB.`;
}

export interface ImageFileProblem {
  kind: "type" | "size";
  /** For the form field. */
  message: string;
  toastTitle: string;
  toastDescription: string;
}

/**
 * The browser's check of a chosen file, before uploading: its reported type (or, when the browser reports
 * none, its extension) and its size. The server checks the content again, whatever this says.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): ImageFileProblem | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const typeOk = type ? IMAGE_MIME_TYPES.includes(type) : IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) {
    return {
      kind: "type",
      message: IMAGE_MESSAGES.fileType,
      toastTitle: IMAGE_MESSAGES.invalidTypeTitle,
      toastDescription: IMAGE_MESSAGES.invalidType,
    };
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return {
      kind: "size",
      message: fileTooLargeMessage(file.size),
      toastTitle: IMAGE_MESSAGES.tooLargeTitle,
      toastDescription: fileTooLargeToast(file.size),
    };
  }
  return null;
}
