import { fastifyRequestContext, requestContext } from "@fastify/request-context";
import type { FastifyBaseLogger, LogLevel } from "fastify";
import { symbols } from "pino";
import { neighbourhoodOf } from "../lib/client-network";
import type { App } from "../types";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type AnyLogFn = (...args: unknown[]) => void;

/**
 * request.log, made only when the request logs something. Fastify otherwise builds a pino child logger for
 * every request (its bindings serialized, a new object chain), while request logging is off and almost no
 * request logs at all: that was a few percent of the CPU of a cached list. Lines logged look the same
 * (the child is the one Fastify would have made, with the request id).
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): LogLevel {
    return (this.#child?.level ?? this.options.level ?? this.parent.level) as LogLevel;
  }

  set level(level: LogLevel) {
    this.real.level = level;
  }

  private call(method: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent", args: unknown[]) {
    const real = this.real;
    (real[method] as AnyLogFn).apply(real, args);
  }

  fatal(...args: unknown[]): void {
    this.call("fatal", args);
  }
  error(...args: unknown[]): void {
    this.call("error", args);
  }
  warn(...args: unknown[]): void {
    this.call("warn", args);
  }
  info(...args: unknown[]): void {
    this.call("info", args);
  }
  debug(...args: unknown[]): void {
    this.call("debug", args);
  }
  trace(...args: unknown[]): void {
    this.call("trace", args);
  }
  silent(...args: unknown[]): void {
    this.call("silent", args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Before any route: a route keeps the factory in force when it is registered. */
export function registerLazyRequestLogger(app: App): void {
  app.setChildLoggerFactory((logger, bindings, options) => new LazyRequestLogger(logger, bindings, options));
}

declare module "@fastify/request-context" {
  interface RequestContextData {
    reqId: string;
  }
}

/**
 * The request a line is written for, known to loggers that are not the request's own: a service's or an
 * integration's logger (app.log and its children) called while a request runs. @fastify/request-context
 * carries the id through the request's async work (AsyncLocalStorage) and `requestIdMixin` writes it on
 * the line. Before any route, like the logger factory.
 */
export async function registerRequestContext(app: App): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ reqId: request.id }) });
}

/**
 * Pino's mixin for every logger of the app (buildApp installs it): the running request's id, unless the
 * line names its own or the logger is the request's (its bindings hold it already: written twice otherwise).
 */
export function requestIdMixin(merge: object, _level: number, logger: object): object {
  const reqId = requestContext.get("reqId");
  if (reqId === undefined || "reqId" in merge) return {};
  const bindings = (logger as { [symbols.chindingsSym]?: string })[symbols.chindingsSym];
  return bindings?.includes('"reqId":') ? {} : { reqId };
}

/** The first line of drizzle's "Failed query: ...\nparams: <the submitted values>". */
const PARAMS = /\nparams:[\s\S]*$/;
/** A quoted value inside a database message: `invalid input syntax for type integer: "abc"`. */
const QUOTED = /"[^"\n]*"|'[^'\n]*'/g;

function redactMessage(message: string): string {
  if (message.startsWith("Failed query:")) return message.replace(PARAMS, "\nparams: [redacted]");
  return message.replace(QUOTED, '"[redacted]"');
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as the logs show it: its type, code, message and stack, and its causes the same way, with the
 * values a visitor sent taken out. The query's parameters (a title, a name), quoted values in database
 * messages, and fields such as `detail` ("Key (title)=(...)") or `parameters` never reach the log; the SQL
 * text (placeholders only) and the stack stay, so the failure can still be found.
 */
export function redactedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "", stack: "" };
  const message = redactMessage(error.message);
  const stack = error.stack?.replace(error.message, message) ?? "";
  const out: LoggedError = { type: error.constructor?.name ?? error.name, message, stack };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined) out.code = code;
  if (statusCode !== undefined) out.statusCode = statusCode;
  if (error.cause !== undefined && depth < 4) out.cause = redactedError(error.cause, depth + 1);
  return out;
}

/**
 * Pino serializers for every logger of the app (buildApp installs them): whatever logs `{ err }` or
 * `{ ip }` (a request's error, a job's failure, a refused login) gets the redacted forms above.
 */
export const LOG_SERIALIZERS = {
  err: (error: unknown) => redactedError(error),
  ip: neighbourhoodOf,
} as const;
