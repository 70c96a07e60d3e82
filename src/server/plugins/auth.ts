import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { countReauthentication } from "../features/accounts/accounts.service";
import { writeAudit } from "../features/accounts/audit.service";
import type { CountedAttempt } from "../features/accounts/login-throttle";
import {
  findSession,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  type SessionAccount,
} from "../features/accounts/sessions.service";
import { forbidden, unauthorized } from "../lib/http-error";
import type { App } from "../types";
import { isHttps } from "./visitor";

/**
 * Who is logged in, and the guard in front of every staff call.
 *
 * The guard is structural (docs/ARCHITECTURE.md): routes that only staff may call are registered inside a scope whose
 * hooks check the session before anything else runs, so no handler can forget the check.
 *
 *   await staffRoutes(app, async (staff) => {
 *     staff.get("/api/admin/things", ...);              // any logged-in account
 *     await adminOnlyRoutes(staff, async (admins) => {
 *       admins.post("/api/admin/dangerous", ...);       // administrators only
 *     });
 *   });
 *
 * And so that a route cannot be put in the wrong place either: every route under the staff-only paths
 * below must come from such a scope, or the app refuses to start (onReady) naming the route.
 */

export const LOGIN_REQUIRED = "Please log in to access admin features.";
export const ADMIN_ONLY = "Only administrators can do this.";
export const CROSS_SITE = "Cross-site request refused";

/** Staff-only paths (decisions page, "Accounts and roles"): every route under them must be guarded. */
const STAFF_PATH_PREFIXES = ["/api/admin", "/api/token-info", "/api/trending", "/api/trending-tokens"];
const STAFF_ROUTES = new Set(["POST /api/headlines/import", "POST /api/tokens/import"]);

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Routes that ask the logged-in account for its current password again and answer 403 when it is wrong:
 * each attempt is throttled like a login (see registerAuth).
 */
const REAUTHENTICATING_ROUTES = new Set(["POST /api/admin/security-reset"]);

/** The counted re-authentication of a request on one of those routes, until its answer says how it went. */
const reauthentications = new WeakMap<FastifyRequest, CountedAttempt>();

export type { SessionAccount };
/** For a staff action reached outside staffRoutes (no guard hook there): it writes its own audit row. */
export { writeAudit };

interface GuardRegistry {
  /** "METHOD /path" of every route on a staff-only path. */
  staffOnly: string[];
  /** "METHOD /path" of every route registered inside a staff scope. */
  guarded: Set<string>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in account: set by loadAccount (the staff guard calls it); null when nobody is. */
    account: SessionAccount | null;
    /** A small JSON object a staff handler may set for its audit row (never secrets). */
    auditDetails: Record<string, unknown> | null;
  }
  interface FastifyInstance {
    authGuards: GuardRegistry;
  }
}

const methodsOf = (route: RouteOptions): string[] =>
  Array.isArray(route.method) ? route.method : [route.method];

function isStaffOnly(method: string, url: string): boolean {
  return (
    STAFF_ROUTES.has(`${method} ${url}`) ||
    STAFF_PATH_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))
  );
}

/** Registers the request fields and the start-up check. Runs before any route is registered. */
export function registerAuth(app: App): void {
  app.decorateRequest("account", null);
  app.decorateRequest("auditDetails", null);
  const registry: GuardRegistry = { staffOnly: [], guarded: new Set() };
  app.decorate("authGuards", registry);

  // Hooks added on the root see the routes of every scope registered after them.
  app.addHook("onRoute", (route) => {
    for (const method of methodsOf(route)) {
      if (isStaffOnly(method, route.url)) registry.staffOnly.push(`${method} ${route.url}`);
    }
  });
  // Callback hooks where most requests have nothing to do: no promise on every request.
  app.addHook("onResponse", (request, reply, done) => {
    logSecurityEvent(request, reply.statusCode);
    done();
  });

  // Re-authentication is throttled like the login: counted before the handler checks the password (after
  // the guards and the body's validation), refused with 429 beyond the limit, and uncounted when the answer
  // is anything but the handler's 403. The guards' own 403s (cross-site, not an administrator) come in
  // onRequest, before this hook, so a 403 here can only be the wrong password.
  const countReauthenticationOf = async (request: FastifyRequest) => {
    const account = await loadAccount(request);
    if (!account) return;
    const attempt = { username: account.username, network: request.visitor.network };
    reauthentications.set(request, await countReauthentication(app.db, app.redis, attempt, new Date()));
  };
  app.addHook("preHandler", (request, _reply, done) => {
    if (!REAUTHENTICATING_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return done();
    countReauthenticationOf(request).then(() => done(), done);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const counted = reauthentications.get(request);
    if (!counted || reply.statusCode === 403) return done(null, payload);
    reauthentications.delete(request);
    counted.succeeded().then(() => done(null, payload), done);
  });
  app.addHook("onReady", async () => {
    const unguarded = registry.staffOnly.filter((route) => !registry.guarded.has(route));
    if (unguarded.length > 0) {
      throw new Error(
        `Staff-only routes outside the staff guard (register them with staffRoutes): ${unguarded.join(", ")}`,
      );
    }
  });
}

// --- the session cookie ----------------------------------------------------------------------------------

/** `__Host-mg_session` over https, `mg_session` over plain http (where the prefix cannot be used). */
export function sessionCookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session id the request brought, under the one name this request's scheme reads. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

const cookieOptions = (request: FastifyRequest) =>
  // Path=/, no Domain and Secure over https: what the __Host- prefix requires.
  ({ path: "/", httpOnly: true, sameSite: "lax", secure: isHttps(request) }) as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(sessionCookieName(request), id, {
    ...cookieOptions(request),
    maxAge: SESSION_MAX_AGE_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), cookieOptions(request));
}

// --- the security log -----------------------------------------------------------------------------------

/** The username a login request typed, cut short (it is the visitor's text). */
function typedUsername(request: FastifyRequest): string | undefined {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === "string" ? username.slice(0, 64) : undefined;
}

/**
 * One line per security event, with the request id (ASVS 16.3): at warn every failed login, every 401 or
 * 403 on a staff-only route and every 429; at info every login and logout. Never a password: only the
 * username is read from a login's body.
 */
function logSecurityEvent(request: FastifyRequest, statusCode: number): void {
  // The client's address is read only on the lines written: proxy-addr works it out at each read of
  // request.ip, and most answers log nothing.
  const { method } = request;
  const url = request.routeOptions.url ?? request.url.split("?")[0] ?? request.url;
  const isLogin = method === "POST" && url === "/api/login";
  const username = isLogin ? typedUsername(request) : request.account?.username;
  if (statusCode === 429) {
    request.log.warn({ statusCode, method, url, ip: request.ip, username }, "too many requests");
  } else if (isLogin && statusCode === 200) {
    request.log.info({ username, ip: request.ip }, "login");
  } else if (isLogin && (statusCode === 401 || statusCode === 403)) {
    request.log.warn({ statusCode, username, ip: request.ip }, "login failed");
  } else if (statusCode === 403 && reauthentications.has(request)) {
    request.log.warn({ statusCode, method, url, ip: request.ip, username }, "wrong current password");
  } else if (method === "POST" && url === "/api/logout" && statusCode < 300 && request.account) {
    request.log.info({ username, ip: request.ip }, "logout");
  } else if ((statusCode === 401 || statusCode === 403) && isStaffOnly(method, url)) {
    request.log.warn({ statusCode, method, url, ip: request.ip, username }, "staff route refused");
  }
}

// --- who is logged in -----------------------------------------------------------------------------------

const loaded = new WeakMap<FastifyRequest, Promise<SessionAccount | null>>();

/**
 * The account behind the request's session cookie, or null; also sets request.account. Loaded once per
 * request however often it is asked. Public routes that behave differently for staff call this.
 */
export function loadAccount(request: FastifyRequest): Promise<SessionAccount | null> {
  let pending = loaded.get(request);
  if (!pending) {
    pending = findSession(request.server.db, sessionIdOf(request), new Date()).then((account) => {
      request.account = account;
      return account;
    });
    loaded.set(request, pending);
  }
  return pending;
}

/**
 * Refuses a state-changing request sent by another site's page. The session cookie is SameSite=Lax, which
 * already keeps it off cross-site POSTs in current browsers; this is the second lock, for older browsers and
 * same-site-but-cross-origin pages. A request without an Origin header comes from a non-browser client
 * (browsers always send it on a POST from a page), which no victim's browser can be made to send.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    throw forbidden(CROSS_SITE); // "null" (sandboxed frames, some redirects) or garbage: not our origin
  }
  // The Host header is read with the origin's scheme, so a default port written or left out compares equal.
  // request.host is the same header unless TRUST_PROXY lets a proxy name the public host.
  const isOurs = (host: string | undefined) => {
    if (!host) return false;
    try {
      return new URL(`${from.protocol}//${host}`).host === from.host;
    } catch {
      return false;
    }
  };
  if (!isOurs(request.headers.host) && !isOurs(request.host)) throw forbidden(CROSS_SITE);
}

async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!(await loadAccount(request))) throw unauthorized(LOGIN_REQUIRED);
  refuseCrossSite(request);
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  // The staff hook has run first in this scope; loading again is free and keeps this check on its own feet.
  const account = await loadAccount(request);
  if (!account) throw unauthorized(LOGIN_REQUIRED);
  if (!account.isAdmin) throw forbidden(ADMIN_ONLY);
}

/**
 * One audit row per successful state-changing staff call, written here once for every guarded route. It runs
 * after the answer is sent: a failed audit write is logged, it never turns a done action into an error.
 */
async function auditChange(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = request.account;
  if (!account || !STATE_CHANGING.has(request.method) || reply.statusCode < 200 || reply.statusCode > 299)
    return;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  try {
    await writeAudit(request.server.db, {
      account,
      action: `${request.method} ${request.routeOptions.url}`,
      target: id === undefined ? null : String(id),
      details: request.auditDetails,
    });
  } catch (err) {
    request.log.error({ err }, "could not write the audit log");
  }
}

/**
 * Registers `routes` in a new scope behind the staff guard: 401 without a valid session, 403 for a
 * cross-site state-changing request, and an audit row for every successful change.
 */
export async function staffRoutes(app: App, routes: (staff: App) => Promise<void> | void): Promise<void> {
  if (!app.hasDecorator("authGuards")) throw new Error("registerAuth(app) must run before staffRoutes");
  const registry = app.authGuards;
  await app.register(async (staff: App) => {
    staff.addHook("onRoute", (route) => {
      for (const method of methodsOf(route)) registry.guarded.add(`${method} ${route.url}`);
    });
    staff.addHook("onRequest", requireStaff);
    staff.addHook("onResponse", auditChange);
    await routes(staff);
  });
}

/** Registers `routes` in a sub-scope of a staff scope that also refuses non-administrators (403). */
export async function adminOnlyRoutes(
  staff: App,
  routes: (admins: App) => Promise<void> | void,
): Promise<void> {
  await staff.register(async (admins: App) => {
    admins.addHook("onRequest", requireAdmin);
    await routes(admins);
  });
}
