import { PaymentInfoSchema, SettingsSchema } from "@/common/settings";
import type { App } from "../../types";
import { getSettingsRow, toSettings } from "./settings.service";

export async function settingsRoutes(app: App): Promise<void> {
  const settings = async () => toSettings(await getSettingsRow(app.db));
  // The settings row alone (its table announces "settings").
  app.publicReads.add("/api/settings", async () => SettingsSchema.parse(await settings()), ["settings"]);
  app.get("/api/settings", { schema: { response: { 200: SettingsSchema } } }, settings);

  const paymentInfo = () => ({
    submissionPrice: app.config.submissionPriceSol,
    paymentAddress: app.config.paymentAddress ?? "",
  });
  // The operator's configuration: no change announced alters it.
  app.publicReads.add("/api/payment-info", async () => PaymentInfoSchema.parse(paymentInfo()), []);
  app.get("/api/payment-info", { schema: { response: { 200: PaymentInfoSchema } } }, paymentInfo);
}
