import {
  AdminHeadlineListSchema,
  AdminHeadlineSchema,
  AdminSummarySchema,
  ContractAddressInputSchema,
  EnableAccountInputSchema,
  IdParamsSchema,
  MoveTopResultSchema,
  MoveWinnerResultSchema,
  NotificationInputSchema,
  RegisterStaffInputSchema,
  SecurityResetInputSchema,
  SecurityResetResultSchema,
  SessionUserSchema,
  StaffAccountListSchema,
  StaffAccountSchema,
  TodaysToggleResultSchema,
  TokenEditInputSchema,
  TomorrowsToggleResultSchema,
  UpdateSettingsInputSchema,
  UpdateSettingsResultSchema,
  VerifyPaymentInputSchema,
  VerifyPaymentResultSchema,
} from "@/common/admin";
import { AuditPageSchema, AuditQuerySchema } from "@/common/audit";
import { NotificationListSchema, NotificationSchema } from "@/common/notification";
import { createOutboundFetch } from "../../integrations/outbound";
import { unauthorized } from "../../lib/http-error";
import { adminOnlyRoutes, clearSessionCookie, LOGIN_REQUIRED, staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { registerAccount } from "../accounts/accounts.service";
import {
  deleteAccount,
  disableAccount,
  enableAccount,
  listAccounts,
  securityReset,
} from "../accounts/staff-accounts.service";
import { staffActor as by } from "../headlines/headline-stage";
import { listActiveNotifications } from "../notifications/notifications.service";
import { updateSettings } from "../settings/settings.service";
import { createNotification, deleteArchiveEntry, deleteNotification } from "./admin.service";
import {
  announceWinner,
  moveTopHeadlinesToToday,
  moveWinnerToYesterday,
  selectWinner,
} from "./admin-cycle.service";
import {
  adminSummary,
  approveHeadline,
  deleteHeadline,
  editToken,
  listAdminHeadlines,
  reinstateHeadline,
  removeFromTomorrow,
  setContractAddress,
  toggleTodaysNews,
  toggleTomorrowsNews,
  verifyPayment,
} from "./admin-headlines.service";
import { previewSubmittedImage } from "./admin-images";
import { listAudit } from "./audit-feed.service";

/**
 * The dashboard's calls (spec section 7, the Admin table). Everything here sits behind the staff guard
 * (plugins/auth.ts: 401 without a session, 403 cross-site, one audit row per successful change); staff
 * management and the security reset sit behind the admin-only guard as well. Handlers set
 * request.auditDetails when the audit row should say more than the route and the id.
 */
export async function adminRoutes(app: App): Promise<void> {
  const db = app.db;

  await staffRoutes(app, async (staff) => {
    const byId = { params: IdParamsSchema };
    const answers = <T>(schema: T) => ({ response: { 200: schema } });

    // --- headlines ---------------------------------------------------------------------------------------
    staff.get("/api/admin/headlines", { schema: answers(AdminHeadlineListSchema) }, () =>
      listAdminHeadlines(db),
    );
    staff.get("/api/admin/summary", { schema: answers(AdminSummarySchema) }, () => adminSummary(db));
    staff.get(
      "/api/admin/audit",
      { schema: { querystring: AuditQuerySchema, ...answers(AuditPageSchema) } },
      (request) => listAudit(db, request.query),
    );

    // A pending submission's image, fetched and re-encoded here (admin-images.ts): staff's browser never
    // contacts the submitter's server. Private to the session that asked.
    const http = createOutboundFetch(app.config);
    staff.get("/api/admin/headlines/:id/image", { schema: byId }, async (request, reply) => {
      // Decoded on the same bounded image workers as uploads (503 with Retry-After when they are full).
      const image = await previewSubmittedImage(db, request.params.id, http, app.imageWork.enter());
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(Buffer.from(image.bytes));
    });

    staff.post(
      "/api/admin/headlines/:id/approve",
      { schema: { ...byId, ...answers(AdminHeadlineSchema) } },
      async (request) => {
        const approved = await approveHeadline(db, request.params.id, by(request), new Date());
        // The audit row says where it went: an imported headline joins Tomorrow's News.
        request.auditDetails = { joins: approved.isTomorrowsNews ? "tomorrow" : "today" };
        return approved;
      },
    );

    staff.post(
      "/api/admin/headlines/:id/reinstate",
      { schema: { ...byId, ...answers(AdminHeadlineSchema) } },
      (request) => reinstateHeadline(db, request.params.id, by(request), new Date()),
    );

    staff.delete("/api/admin/headlines/:id", { schema: byId }, async (request, reply) => {
      request.auditDetails = await deleteHeadline(db, request.params.id, new Date());
      return reply.status(204).send();
    });

    staff.post(
      "/api/admin/headlines/:id/toggle-todays",
      { schema: { ...byId, ...answers(TodaysToggleResultSchema) } },
      async (request) => {
        const result = await toggleTodaysNews(db, request.params.id, by(request), new Date());
        // The audit row says which way it went ("Moved into" / "Taken out of" Today's News).
        request.auditDetails = { isTodaysNews: result.isTodaysNews };
        return result;
      },
    );
    staff.post(
      "/api/admin/headlines/:id/toggle-tomorrows",
      { schema: { ...byId, ...answers(TomorrowsToggleResultSchema) } },
      async (request) => {
        const result = await toggleTomorrowsNews(db, request.params.id, by(request), new Date());
        request.auditDetails = { isTomorrowsNews: result.isTomorrowsNews };
        return result;
      },
    );
    staff.post(
      "/api/admin/headlines/:id/remove-from-tomorrow",
      { schema: { ...byId, ...answers(AdminHeadlineSchema) } },
      (request) => removeFromTomorrow(db, request.params.id, by(request), new Date()),
    );

    staff.post(
      "/api/admin/headlines/:id/verify-payment",
      { schema: { ...byId, body: VerifyPaymentInputSchema, ...answers(VerifyPaymentResultSchema) } },
      (request) => {
        request.auditDetails = { isPaid: request.body.isPaid };
        const { isPaid, reason } = request.body;
        return verifyPayment(db, request.params.id, isPaid, by(request), new Date(), reason);
      },
    );

    staff.post(
      "/api/admin/headlines/:id/contract-address",
      { schema: { ...byId, body: ContractAddressInputSchema, ...answers(AdminHeadlineSchema) } },
      (request) => {
        request.auditDetails = { contractAddress: request.body.contractAddress };
        return setContractAddress(
          db,
          request.params.id,
          request.body.contractAddress,
          by(request),
          new Date(),
        );
      },
    );

    staff.put(
      "/api/admin/headlines/:id",
      { schema: { ...byId, body: TokenEditInputSchema, ...answers(AdminHeadlineSchema) } },
      (request) => {
        request.auditDetails = { title: request.body.title, symbol: request.body.symbol ?? null };
        return editToken(db, request.params.id, request.body);
      },
    );

    // --- the cycle ---------------------------------------------------------------------------------------
    staff.post(
      "/api/admin/headlines/:id/announce-winner",
      { schema: { ...byId, ...answers(AdminHeadlineSchema) } },
      (request) => announceWinner(db, request.params.id, by(request), new Date()),
    );

    staff.post("/api/admin/select-winner", { schema: answers(AdminHeadlineSchema) }, async (request) => {
      const winner = await selectWinner(db, by(request), new Date());
      request.auditDetails = { headlineId: winner.id, votes: winner.votes };
      return winner;
    });

    staff.post(
      "/api/admin/move-winner-to-yesterday",
      { schema: answers(MoveWinnerResultSchema) },
      async (request) => {
        const moved = await moveWinnerToYesterday(db, by(request), new Date());
        request.auditDetails = { headlineId: moved.headline.id, archiveEntryId: moved.archiveEntry.id };
        return moved;
      },
    );

    staff.post(
      "/api/admin/move-top-headlines-to-today",
      { schema: answers(MoveTopResultSchema) },
      async (request) => {
        const { moved, qualifying } = await moveTopHeadlinesToToday(db, by(request), new Date());
        // The Tomorrow's News race's result, for the audit row (the counts themselves stay on the headlines).
        request.auditDetails = { qualifying };
        return moved;
      },
    );

    staff.put(
      "/api/admin/settings",
      { schema: { body: UpdateSettingsInputSchema, ...answers(UpdateSettingsResultSchema) } },
      (request) => {
        request.auditDetails = { ...request.body };
        return updateSettings(db, request.body, new Date());
      },
    );

    // --- archive and notifications ---------------------------------------------------------------------
    staff.delete("/api/admin/archive/:id", { schema: byId }, async (request, reply) => {
      await deleteArchiveEntry(db, request.params.id);
      return reply.status(204).send();
    });

    staff.get("/api/admin/notifications", { schema: answers(NotificationListSchema) }, () =>
      listActiveNotifications(db, new Date()),
    );
    staff.post(
      "/api/admin/notifications",
      { schema: { body: NotificationInputSchema, response: { 201: NotificationSchema } } },
      async (request, reply) => {
        const notification = await createNotification(db, request.body, new Date());
        request.auditDetails = { id: notification.id, message: notification.message };
        return reply.status(201).send(notification);
      },
    );
    staff.delete("/api/admin/notifications/:id", { schema: byId }, async (request, reply) => {
      await deleteNotification(db, request.params.id);
      return reply.status(204).send();
    });

    // --- accounts: administrators only -------------------------------------------------------------------
    await adminOnlyRoutes(staff, async (admins) => {
      admins.post(
        "/api/admin/register-staff",
        { schema: { body: RegisterStaffInputSchema, response: { 201: SessionUserSchema } } },
        async (request, reply) => {
          const account = await registerAccount(db, request.body);
          request.auditDetails = { username: account.username, isAdmin: account.isAdmin };
          return reply.status(201).send(account);
        },
      );

      admins.get("/api/admin/accounts", { schema: answers(StaffAccountListSchema) }, () => listAccounts(db));

      // (request.account is always set here, by the guard: the checks below only tell the type checker so.)
      // Each of these ends the account's sessions; the last enabled administrator cannot be taken away (409).
      admins.post(
        "/api/admin/accounts/:id/disable",
        { schema: { ...byId, ...answers(StaffAccountSchema) } },
        async (request) => {
          const account = await disableAccount(db, request.params.id, new Date());
          request.auditDetails = { username: account.username };
          return account;
        },
      );
      admins.post(
        "/api/admin/accounts/:id/enable",
        { schema: { ...byId, body: EnableAccountInputSchema, ...answers(StaffAccountSchema) } },
        async (request) => {
          const account = await enableAccount(db, request.params.id, request.body.password);
          request.auditDetails = { username: account.username };
          return account;
        },
      );
      admins.delete("/api/admin/accounts/:id", { schema: byId }, async (request, reply) => {
        if (!request.account) throw unauthorized(LOGIN_REQUIRED);
        const account = await deleteAccount(db, request.account, request.params.id);
        request.auditDetails = { username: account.username };
        return reply.status(204).send();
      });

      admins.post(
        "/api/admin/security-reset",
        { schema: { body: SecurityResetInputSchema, ...answers(SecurityResetResultSchema) } },
        async (request, reply) => {
          if (!request.account) throw unauthorized(LOGIN_REQUIRED);
          const result = await securityReset(db, request.account, request.body, new Date());
          request.auditDetails = { accounts: result.accounts };
          // Every session is gone, this one too: the browser forgets its cookie and logs in again.
          clearSessionCookie(request, reply);
          return result;
        },
      );
    });
  });
}
