import { PaymentInfoSchema, SettingsSchema } from "@/common/settings";
import type { App } from "../../types";
import { getSettingsRow, toSettings } from "./settings.service";

export async function settingsRoutes(app: App): Promise<void> {
  app.get("/api/settings", { schema: { response: { 200: SettingsSchema } } }, async () =>
    toSettings(await getSettingsRow(app.db)),
  );

  app.get("/api/payment-info", { schema: { response: { 200: PaymentInfoSchema } } }, () => ({
    submissionPrice: app.config.submissionPriceSol,
    paymentAddress: app.config.paymentAddress ?? "",
  }));
}
