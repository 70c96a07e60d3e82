import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "./images";
import {
  checkImageFile,
  FreeSubmissionFormSchema,
  FreeSubmissionInputSchema,
  fileTooLargeMessage,
  fileTooLargeToast,
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  IMAGE_TYPES,
  isCalendarDate,
  isHttpUrl,
  SUBMISSION_MESSAGES as M,
  PaidSubmissionFormSchema,
  PaidSubmissionInputSchema,
} from "./submission";

const free = {
  title: "Frog buys the moon",
  description: "A frog bought the moon for one SOL and a pond.",
  imageUrl: `/api/images/${"a".repeat(64)}`,
};
const paid = {
  ...free,
  submittedBy: "Pond Labs",
  launchStatus: "upcoming",
  transactionId: "5h6xBEauJ3PK6SWC",
};

type Schema =
  | typeof FreeSubmissionInputSchema
  | typeof PaidSubmissionInputSchema
  | typeof PaidSubmissionFormSchema;

/** The messages of the fields that fail, field by field (first message per field). */
function messages(schema: Schema, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("free submission schema", () => {
  it("accepts a complete submission and trims its text", () => {
    const parsed = FreeSubmissionInputSchema.parse({ ...free, title: "  Frog buys the moon  " });
    expect(parsed.title).toBe("Frog buys the moon");
  });

  it.each([
    ["title", "Frog", M.titleMin],
    ["title", "   Frog   ", M.titleMin],
    ["title", "x".repeat(101), M.titleMax],
    ["title", undefined, M.titleMin],
    ["description", "too short", M.descriptionMin],
    ["description", "x".repeat(501), M.descriptionMax],
    ["description", undefined, M.descriptionMin],
  ])("refuses %s = %j with the spec's message", (field, value, message) => {
    expect(messages(FreeSubmissionInputSchema, { ...free, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the limits themselves", () => {
    expect(FreeSubmissionInputSchema.safeParse({ ...free, title: "x".repeat(5) }).success).toBe(true);
    expect(FreeSubmissionInputSchema.safeParse({ ...free, title: "x".repeat(100) }).success).toBe(true);
    expect(FreeSubmissionInputSchema.safeParse({ ...free, description: "x".repeat(20) }).success).toBe(true);
    expect(FreeSubmissionInputSchema.safeParse({ ...free, description: "x".repeat(500) }).success).toBe(true);
  });

  it.each([
    ["articleUrl", M.articleUrl],
    ["twitterUrl", M.twitterUrl],
    ["websiteUrl", M.websiteUrl],
  ])("%s is optional but must be an http(s) URL when filled", (field, message) => {
    for (const notGiven of ["", "   ", null, undefined]) {
      const parsed = FreeSubmissionInputSchema.parse({ ...free, [field]: notGiven });
      expect(parsed[field as "articleUrl"]).toBeUndefined();
    }
    for (const ok of ["https://t.me/frog", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM"]) {
      expect(FreeSubmissionInputSchema.parse({ ...free, [field]: ok })[field as "articleUrl"]).toBe(ok);
    }
    for (const bad of [
      "t.me/frog",
      "javascript:alert(1)",
      "JavaScript://%0aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://example.com",
      "http:example.com",
      "http://",
      "https://exa mple.com",
      "https://example.com/\u0000",
      "httpx://example.com",
    ]) {
      expect(messages(FreeSubmissionInputSchema, { ...free, [field]: bad })).toEqual({ [field]: message });
    }
    expect(
      messages(FreeSubmissionInputSchema, { ...free, [field]: `https://e.com/${"a".repeat(2048)}` }),
    ).toEqual({
      [field]: M.urlTooLong,
    });
  });

  it("requires an image: an uploaded one or an http(s) URL", () => {
    for (const missing of [undefined, "", "   ", null]) {
      expect(messages(FreeSubmissionInputSchema, { ...free, imageUrl: missing })).toEqual({
        imageUrl: M.imageRequired,
      });
    }
    expect(
      FreeSubmissionInputSchema.safeParse({ ...free, imageUrl: "https://cdn.example.com/frog.png" }).success,
    ).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/api/images/../../etc/passwd",
      `/api/images/${"A".repeat(64)}`,
      `/api/images/${"a".repeat(63)}`,
      "/api/avatar?name=x",
      "//evil.example.com/x.png",
    ]) {
      expect(messages(FreeSubmissionInputSchema, { ...free, imageUrl: bad })).toEqual({
        imageUrl: M.imageUrl,
      });
    }
  });

  it("strips fields a visitor may not set", () => {
    const parsed = FreeSubmissionInputSchema.parse({
      ...free,
      isApproved: true,
      isWinner: true,
      isPaid: true,
      votes: 999,
      submitterIp: "1.2.3.4",
      termsAccepted: true,
    });
    expect(Object.keys(parsed).sort()).toEqual(["description", "imageUrl", "title"]);
  });
});

describe("paid submission schema", () => {
  it("accepts a complete submission, launch status upcoming by default", () => {
    const { launchStatus: _, ...rest } = paid;
    const parsed = PaidSubmissionInputSchema.parse(rest);
    expect(parsed.launchStatus).toBe("upcoming");
    expect(parsed.launchDate).toBeUndefined();
    expect(
      PaidSubmissionInputSchema.parse({ ...paid, launchStatus: "launched", launchDate: "2024-02-29" }),
    ).toMatchObject({
      launchStatus: "launched",
      launchDate: "2024-02-29",
    });
  });

  it("applies the free rules too", () => {
    expect(messages(PaidSubmissionInputSchema, { ...paid, title: "Frog" })).toEqual({ title: M.titleMin });
    expect(messages(PaidSubmissionInputSchema, { ...paid, imageUrl: "" })).toEqual({
      imageUrl: M.imageRequired,
    });
  });

  it.each([
    ["submittedBy", "B", M.submittedByMin],
    ["submittedBy", "  B  ", M.submittedByMin],
    ["submittedBy", undefined, M.submittedByMin],
    ["submittedBy", "x".repeat(51), M.submittedByMax],
    ["launchStatus", "soon", M.launchStatus],
    ["launchStatus", "", M.launchStatus],
    ["launchStatus", null, M.launchStatus],
    ["launchDate", "2025/01/01", M.launchDate],
    ["launchDate", "01-02-2025", M.launchDate],
    ["launchDate", "2025-02-30", M.launchDate],
    ["launchDate", "2025-13-01", M.launchDate],
    ["launchDate", "2023-02-29", M.launchDate],
    ["transactionId", "short", M.transactionId],
    ["transactionId", "abc-def-ghi-jkl", M.transactionId],
    ["transactionId", "abcdefghij'; DROP", M.transactionId],
    ["transactionId", "a".repeat(121), M.transactionIdMax],
  ])("refuses %s = %j with its message", (field, value, message) => {
    expect(messages(PaidSubmissionInputSchema, { ...paid, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the limits themselves, an empty launch date, and no transaction (paid through Solana Pay)", () => {
    for (const ok of [
      { transactionId: undefined },
      { transactionId: "" },
      { transactionId: null },
      { submittedBy: "Bo" },
      { submittedBy: "x".repeat(50) },
      { transactionId: "a".repeat(10) },
      { transactionId: "A1".repeat(60) },
      { launchDate: "" },
      { launchDate: null },
    ]) {
      expect(PaidSubmissionInputSchema.safeParse({ ...paid, ...ok }).success).toBe(true);
    }
  });
});

describe("form schemas", () => {
  it("require the terms checkbox, which the API schemas ignore", () => {
    expect(messages(PaidSubmissionFormSchema, { ...paid, termsAccepted: false })).toEqual({
      termsAccepted: M.terms,
    });
    expect(messages(PaidSubmissionFormSchema, paid)).toEqual({ termsAccepted: M.terms });
    expect(FreeSubmissionFormSchema.safeParse({ ...free, termsAccepted: false }).success).toBe(false);
    expect(FreeSubmissionFormSchema.safeParse({ ...free, termsAccepted: true }).success).toBe(true);
    expect(FreeSubmissionInputSchema.safeParse(free).success).toBe(true);
    expect(PaidSubmissionInputSchema.safeParse(paid).success).toBe(true);
  });
});

describe("URL and date helpers", () => {
  it("isHttpUrl accepts only absolute http(s) URLs with a host", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl(" https://example.com")).toBe(false);
    expect(isHttpUrl("https:/example.com")).toBe(false);
    expect(isHttpUrl("javascript:alert(1)//http://")).toBe(false);
  });

  it("isCalendarDate accepts real days only", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-1-1")).toBe(false);
  });
});

describe("image file check (the picker)", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it("accepts the five extensions' types", () => {
    expect(IMAGE_TYPES.map((t) => t.mime)).toEqual(["image/jpeg", "image/png", "image/webp", "image/gif"]);
    expect(IMAGE_ACCEPT).toContain(".jpeg");
    for (const [name, type] of [
      ["a.jpg", "image/jpeg"],
      ["a.jpeg", "image/jpeg"],
      ["a.png", "image/png"],
      ["a.webp", "image/webp"],
      ["a.gif", "image/gif"],
      ["a.JPG", ""],
    ] as const) {
      expect(checkImageFile(file(name, type))).toBeNull();
    }
  });

  it("refuses other types with the spec's messages", () => {
    for (const f of [
      file("a.svg", "image/svg+xml"),
      file("a.pdf", "application/pdf"),
      file("a.png.html", ""),
    ]) {
      expect(checkImageFile(f)).toEqual({
        kind: "type",
        message: "Only .jpg, .jpeg, .png, .webp, and .gif formats are supported",
        toastTitle: "Invalid file type",
        toastDescription: "Only JPG, PNG, WebP, and GIF images are allowed.",
      });
    }
  });

  it("accepts exactly 5 MiB and refuses one byte more, with the size in MB", () => {
    expect(checkImageFile(file("a.png", "image/png", IMAGE_MAX_BYTES))).toBeNull();
    expect(checkImageFile(file("a.png", "image/png", IMAGE_MAX_BYTES + 1))).toEqual({
      kind: "size",
      message: "File size must be less than 5MB. Current size: 5.00 MB",
      toastTitle: "File too large",
      toastDescription: "Maximum file size is 5MB. Your file is 5.00 MB.",
    });
    expect(fileTooLargeMessage(7.5 * 1024 * 1024)).toBe(
      "File size must be less than 5MB. Current size: 7.50 MB",
    );
    expect(fileTooLargeToast(6 * 1024 * 1024)).toBe("Maximum file size is 5MB. Your file is 6.00 MB.");
    expect(IMAGE_MESSAGES.tooLarge).toBe("Maximum file size is 5MB.");
  });
});
