import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateWithSchema } from "./schema-validation";

const Schema = z.object({
  title: z.string().trim().min(5, "Too short").max(10, "Too long"),
  link: z
    .string()
    .trim()
    .refine((value) => value === "" || value.startsWith("http"), "Not a link")
    .transform((value) => value || undefined),
  terms: z.literal(true, { error: "Accept the terms" }),
});

describe("validateWithSchema", () => {
  it("answers the schema's output when the values pass", () => {
    expect(validateWithSchema(Schema, { title: "  Hello  ", link: "", terms: true })).toEqual({
      ok: true,
      data: { title: "Hello", link: undefined, terms: true },
    });
  });

  it("answers one message per field, the first the schema found, with the schema's wording", () => {
    expect(validateWithSchema(Schema, { title: "Hi", link: "ftp://x", terms: false })).toEqual({
      ok: false,
      errors: { title: "Too short", link: "Not a link", terms: "Accept the terms" },
    });
  });
});
