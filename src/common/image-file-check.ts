import { IMAGE_MAX_BYTES } from "./images";
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES } from "./submission-rules";

/**
 * The browser's check of an image file before it is uploaded, with the spec's messages (the server answers
 * with some of them too). Apart from submission-rules.ts so that a form loads it only once someone chooses
 * a file (features/submissions, decision 005); submission.ts re-exports it.
 */

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
