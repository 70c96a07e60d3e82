/**
 * The submission rules a form needs to draw: the limits its hints quote, the launch choices and the image
 * types. submission.ts builds the schemas from them, with the spec's messages and
 * the URL and date checks, and re-exports them all; the form's fields import them from here, so that the
 * schemas, zod and the messages load only when a form is first used (features/submissions, decision 005).
 */

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
