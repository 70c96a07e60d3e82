import { PaymentInfoSchema, SettingsSchema } from "@/common/settings";
import type { App } from "../../types";
import { getSettingsRow, toSettings } from "./settings.service";

export async function settingsRoutes(app: App): Promise<void> {
  const settings = async () => toSettings(await getSettingsRow(app.db));
  app.publicReads.add("/api/settings", async () => SettingsSchema.parse(await settings()));
  app.get("/api/settings", { schema: { response: { 200: SettingsSchema } } }, settings);

  const paymentInfo = () => ({
    submissionPrice: app.config.submissionPriceSol,
    paymentAddress: app.config.paymentAddress ?? "",
  });
  app.publicReads.add("/api/payment-info", async () => PaymentInfoSchema.parse(paymentInfo()));
  app.get("/api/payment-info", { schema: { response: { 200: PaymentInfoSchema } } }, paymentInfo);
}
