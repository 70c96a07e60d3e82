import { z } from "zod";

export const ArchiveEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  votes: z.number().int(),
  memeCoin: z.string().nullable(),
  /** The launch day, YYYY-MM-DD (US Eastern). */
  launchDate: z.string(),
  /** The headline it was (its page, /h/{id}/{slug}); null when the entry has no headline on record. */
  headlineId: z.number().int().nullable().optional(),
  /** The edition whose race crowned it (its page, /edition/{date}); null when no race counted it. */
  editionDate: z.string().nullable().optional(),
});
export type ArchiveEntry = z.infer<typeof ArchiveEntrySchema>;
export const ArchiveListSchema = z.array(ArchiveEntrySchema);
