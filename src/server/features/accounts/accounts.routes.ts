import type { FastifyRequest } from "fastify";
import { LoginInputSchema, SessionUserSchema } from "@/common/admin";
import {
  clearSessionCookie,
  loadAccount,
  refuseCrossSite,
  sessionIdOf,
  setSessionCookie,
} from "../../plugins/auth";
import type { App } from "../../types";
import { admitLogin, logIn } from "./accounts.service";
import { createSession, deleteDeadSessions, deleteSession } from "./sessions.service";

export async function accountsRoutes(app: App): Promise<void> {
  // Logging in or out from another site's page is refused too (login CSRF would sign a victim in as us).
  const sameSiteOnly = { onRequest: async (request: FastifyRequest) => refuseCrossSite(request) };

  app.post(
    "/api/login",
    { ...sameSiteOnly, schema: { body: LoginInputSchema, response: { 200: SessionUserSchema } } },
    async (request, reply) => {
      const now = new Date();
      const account = await logIn(
        app.db,
        app.redis,
        { ...request.body, network: request.visitor.network },
        now,
      );
      // A disabled account is told so only after its right password: guessers learn nothing from it.
      await admitLogin(app.db, account.id, now);
      // Whatever session id the browser brought is dropped and a new one issued: an id planted before the
      // login (session fixation) never becomes a logged-in session.
      await deleteSession(app.db, sessionIdOf(request));
      await deleteDeadSessions(app.db, now);
      setSessionCookie(request, reply, await createSession(app.db, account.id, now));
      reply.header("cache-control", "no-store");
      return { username: account.username, isAdmin: account.isAdmin };
    },
  );

  app.post("/api/logout", sameSiteOnly, async (request, reply) => {
    await loadAccount(request); // for the security log: who logged out
    await deleteSession(app.db, sessionIdOf(request));
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  // A visitor without a session is the common case, not an error: 200 null, so public pages log nothing.
  app.get(
    "/api/user",
    { schema: { response: { 200: SessionUserSchema.nullable() } } },
    async (request, reply) => {
      const account = await loadAccount(request);
      reply.header("cache-control", "no-store");
      return account ? { username: account.username, isAdmin: account.isAdmin } : null;
    },
  );
}
