import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiRequest, errorDetail } from "./api-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends credentials and a JSON body when there is a payload", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await apiRequest("POST", "/api/vote", { body: { headlineId: 7 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/vote");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe('{"headlineId":7}');
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("sends no body and no content type without a payload", async () => {
    const fetchMock = stubFetch(Response.json([]));
    await apiRequest("GET", "/api/archive");
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
  });

  it("sends FormData as multipart, leaving the boundary header to the browser", async () => {
    const fetchMock = stubFetch(Response.json({ imageUrl: "/api/images/abc" }));
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.png");
    await apiRequest("POST", "/api/upload", { body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it("formats a failure as '{status}: {message}' from the JSON message field", async () => {
    stubFetch(
      Response.json({ message: "You already voted in this cycle" }, { status: 409, statusText: "Conflict" }),
    );
    const error = await failure(apiRequest("POST", "/api/vote", { body: { headlineId: 1 } }));
    expect(error.message).toBe("409: You already voted in this cycle");
    expect(error.detail).toBe("You already voted in this cycle");
    expect(error.status).toBe(409);
  });

  it("falls back to the response text when the body has no message field", async () => {
    stubFetch(new Response("Bad gateway from proxy", { status: 502, statusText: "Bad Gateway" }));
    const error = await failure(apiRequest("GET", "/api/headlines"));
    expect(error.message).toBe("502: Bad gateway from proxy");
  });

  it("uses the whole JSON text when it has no usable message", async () => {
    stubFetch(
      new Response('{"error":"nope"}', { status: 400, headers: { "content-type": "application/json" } }),
    );
    const error = await failure(apiRequest("GET", "/api/headlines"));
    expect(error.message).toBe('400: {"error":"nope"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response(null, { status: 404, statusText: "Not Found" }));
    const error = await failure(apiRequest("GET", "/api/nope"));
    expect(error.message).toBe("404: Not Found");
  });

  it("says 'Error processing response' when there is nothing else to say", async () => {
    stubFetch(new Response(null, { status: 500, statusText: "" }));
    const error = await failure(apiRequest("GET", "/api/settings"));
    expect(error.message).toBe("500: Error processing response");
    expect(error.detail).toBe("Error processing response");
  });

  it("treats a successful answer that is not JSON as success", async () => {
    stubFetch(new Response("OK", { status: 200, headers: { "content-type": "text/plain" } }));
    await expect(apiRequest("POST", "/api/vote", { body: { headlineId: 1 } })).resolves.toBe("OK");
  });

  it("treats an empty successful answer as success", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest("DELETE", "/api/admin/archive/1")).resolves.toBeNull();
  });
});

describe("apiGet", () => {
  it("GETs with credentials and the caller's signal, and gives the answer as the server sent it", async () => {
    const fetchMock = stubFetch(Response.json([{ id: 1 }]));
    const controller = new AbortController();
    const data = await apiGet<{ id: number }[]>("/api/x", controller.signal);
    expect(data).toEqual([{ id: 1 }]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("include");
    expect(init?.signal).toBe(controller.signal);
  });

  it("fails with the spec's error format like any call", async () => {
    stubFetch(Response.json({ message: "Not logged in" }, { status: 401 }));
    const error = await failure(apiGet("/api/user"));
    expect(error.message).toBe("401: Not logged in");
  });
});

describe("errorDetail", () => {
  it("gives the message without the status prefix for toasts", () => {
    expect(errorDetail(new ApiError(429, "Daily vote limit reached"), "fallback")).toBe(
      "Daily vote limit reached",
    );
  });

  it("gives the fallback for anything that is not an API error", () => {
    expect(errorDetail(new TypeError("Failed to fetch"), "Please try again later.")).toBe(
      "Please try again later.",
    );
  });
});
