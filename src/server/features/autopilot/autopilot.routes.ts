import { z } from "zod";
import { AutopilotInputSchema, AutopilotStatusSchema, VetoInputSchema } from "@/common/autopilot";
import { adminOnlyRoutes, staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { staffAccount, staffActor } from "../headlines/headline-stage";
import { crownProposalNow, getAutopilotStatus, saveAutopilot, vetoProposal } from "./autopilot.service";

const DecisionResultSchema = z.object({ headlineId: z.number().int().nullable() });

/**
 * The autopilot (issue 30), behind the structural staff guard (plugins/auth.ts), which writes each change's
 * audit row:
 *   GET  /api/admin/autopilot        (staff) its switch, steps, what waits, settings; 401 without a session
 *   PUT  /api/admin/autopilot        (admin) { enabled, settings }: 403 for staff, 400 for bad settings
 *   POST /api/admin/autopilot/veto   (staff) { reason }: the proposal is refused, the race waits for staff
 *   POST /api/admin/autopilot/crown  (staff) the proposal is crowned now
 */
export async function autopilotRoutes(app: App): Promise<void> {
  const db = app.db;
  await staffRoutes(app, async (staff) => {
    staff.get("/api/admin/autopilot", { schema: { response: { 200: AutopilotStatusSchema } } }, () =>
      getAutopilotStatus(db, new Date()),
    );
    staff.post(
      "/api/admin/autopilot/veto",
      { schema: { body: VetoInputSchema, response: { 200: DecisionResultSchema } } },
      async (request) => {
        const result = await vetoProposal(db, request.body.reason, staffAccount(request), new Date());
        request.auditDetails = { headlineId: result.headlineId, reason: request.body.reason };
        return result;
      },
    );
    staff.post(
      "/api/admin/autopilot/crown",
      { schema: { response: { 200: DecisionResultSchema } } },
      async (request) => {
        const result = await crownProposalNow(db, staffActor(request), new Date());
        request.auditDetails = { headlineId: result.headlineId };
        return result;
      },
    );
    await adminOnlyRoutes(staff, (admins) => {
      admins.put(
        "/api/admin/autopilot",
        { schema: { body: AutopilotInputSchema, response: { 200: AutopilotStatusSchema } } },
        async (request) => {
          const now = new Date();
          await saveAutopilot(db, request.body, now);
          const status = await getAutopilotStatus(db, now);
          request.auditDetails = { enabled: status.enabled, settings: status.settings };
          return status;
        },
      );
    });
  });
}
