import type { FastifyBaseLogger, LogLevel } from "fastify";
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
