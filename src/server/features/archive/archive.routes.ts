import { ArchiveListSchema } from "@/common/archive";
import type { App } from "../../types";
import { listArchive } from "./archive.service";

export async function archiveRoutes(app: App): Promise<void> {
  app.get("/api/archive", (_request, reply) =>
    app.listCache.send(reply, "/api/archive", "archive", ArchiveListSchema, () => listArchive(app.db)),
  );
}
