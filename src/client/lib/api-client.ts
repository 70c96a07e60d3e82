/**
 * A non-OK answer of the API. `message` is the spec's "{status}: {detail}"; toasts show `detail` alone.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** The server's message per form field, when it gave them (`{ message, errors: { field: text } }`). */
  readonly errors: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, errors: Record<string, string> = {}) {
    super(`${status}: ${detail}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

/** The text a toast shows for a failed call: the server's message without the status, else the fallback. */
export function errorDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  return fallback;
}

const FALLBACK_DETAIL = "Error processing response";

/** The server's error answer (`{ message, errors? }`, plugins/errors.ts), or nothing when it is not JSON. */
function errorBody(text: string): { message?: unknown; errors?: Record<string, string> } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") return body;
  } catch {
    // Not JSON: the caller falls back to the raw text.
  }
  return {};
}

async function toApiError(response: Response): Promise<ApiError> {
  let detail = "";
  let errors: Record<string, string> = {};
  try {
    const text = await response.text();
    const { message, errors: fields } = errorBody(text);
    detail = typeof message === "string" && message.trim() ? message : text.trim();
    errors = fields ?? {};
  } catch {
    // An unreadable body still gets a message from the status line or the fallback below.
  }
  return new ApiError(response.status, detail || response.statusText || FALLBACK_DETAIL, errors);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    // The spec treats a successful answer that is not JSON as success, not as an error.
    return text;
  }
}

/**
 * What sends the requests: the browser's fetch, or, while the server draws a page's first paint, the
 * server's own routes (features/share/first-paint.ts).
 */
export const transport: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };

export interface RequestOptions {
  /** A JSON payload, or FormData for uploads (sent as multipart). */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one fetch wrapper: credentials always, JSON body when there is a payload, spec error format.
 *
 * `T` is the answer's type, inferred from its shared schema in src/common. The answer is not parsed again
 * here: the server serializes every answer through that schema (a mismatch is a 500 there), and parsing
 * it a second time would put zod on every page's first load (docs/decisions/005).
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, signal } = options;
  const init: RequestInit = { method, credentials: "include", signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await transport.fetch(path, init);
  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as T;
}

/** GET an answer of type `T` (see apiRequest). */
export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>("GET", path, { signal });
}
