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
});
export type ArchiveEntry = z.infer<typeof ArchiveEntrySchema>;
export const ArchiveListSchema = z.array(ArchiveEntrySchema);
