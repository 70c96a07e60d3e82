import { ArchiveListSchema } from "@/common/archive";
import type { App } from "../../types";
import { listArchive } from "./archive.service";

export async function archiveRoutes(app: App): Promise<void> {
  app.get("/api/archive", { schema: { response: { 200: ArchiveListSchema } } }, () => listArchive(app.db));
}
