import { HeadlineListSchema } from "@/common/headline";
import type { App } from "../../types";
import { listHomeHeadlines, listTomorrowsNews, listYesterdaysNews } from "./headlines.service";

export async function headlinesRoutes(app: App): Promise<void> {
  const list = { schema: { response: { 200: HeadlineListSchema } } };

  app.get("/api/headlines", list, () => listHomeHeadlines(app.db));
  app.get("/api/tomorrows-news", list, () => listTomorrowsNews(app.db));
  // /api/old-news is the admin's name for the same public list (decisions page, "Accounts and roles").
  app.get("/api/yesterdays-news", list, () => listYesterdaysNews(app.db));
  app.get("/api/old-news", list, () => listYesterdaysNews(app.db));
}
