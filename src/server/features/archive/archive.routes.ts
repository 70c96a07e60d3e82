import { ArchiveListSchema } from "@/common/archive";
import type { App } from "../../types";
import { listArchive } from "./archive.service";

export async function archiveRoutes(app: App): Promise<void> {
  app.get("/api/archive", async (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .send(
        await app.listCache.json("/api/archive", "archive", ArchiveListSchema, () => listArchive(app.db)),
      ),
  );
}
