import { ArchiveListSchema } from "@/common/archive";
import type { App } from "../../types";
import { listArchive } from "./archive.service";

export async function archiveRoutes(app: App): Promise<void> {
  const load = () => listArchive(app.db);
  app.publicReads.add(
    "/api/archive",
    () => app.listCache.json("/api/archive", "archive", ArchiveListSchema, load),
    ["archive"],
  );
  app.get("/api/archive", (_request, reply) =>
    app.listCache.send(reply, "/api/archive", "archive", ArchiveListSchema, load),
  );
}
