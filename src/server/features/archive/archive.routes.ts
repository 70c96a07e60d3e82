import { ArchiveListSchema } from "@/common/archive";
import { sendCached } from "../../lib/list-cache";
import type { App } from "../../types";
import { listArchive } from "./archive.service";

export async function archiveRoutes(app: App): Promise<void> {
  app.get("/api/archive", async (_request, reply) =>
    sendCached(
      reply,
      await app.listCache.json("/api/archive", "archive", ArchiveListSchema, () => listArchive(app.db)),
    ),
  );
}
