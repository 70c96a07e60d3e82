// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import type { TokenInfo } from "@/common/trending";
import { GenerateTokenForm } from "./generate-token-form";

const MINT = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const INFO: TokenInfo = {
  contractAddress: MINT,
  name: "Pixel Pepe",
  description: "A frog drawn in 8 bits.",
  imageUrl: "https://images.example.com/pepe.png",
  symbol: "PPEPE",
  price: 0.000123,
  marketCap: 1234567,
  volume24h: 89012,
  chartUrl: `https://dexscreener.com/solana/${MINT}`,
  buyUrl: `https://jup.ag/swap/SOL-${MINT}`,
};

type Call = { method: string; url: string; body: unknown };

/** Answers the form's calls from a table and records them. */
function stubApi(answers: Record<string, () => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
    const answer = answers[`${method} ${url}`];
    return answer ? answer() : json(500, { message: "unexpected call" });
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderForm() {
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GenerateTokenForm />
    </QueryClientProvider>,
  );
  return { toasts, field: screen.getByLabelText("Contract address or URL") as HTMLInputElement };
}

async function lookUp(field: HTMLInputElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Look Up Token" }));
  });
}

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe("GenerateTokenForm", () => {
  it("refuses an empty field and a short address without calling the server", async () => {
    const calls = stubApi({});
    const { field } = renderForm();
    await lookUp(field, "");
    expect(screen.getByRole("alert").textContent).toBe("Contract address required");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await lookUp(field, "tooShort123");
    expect(screen.getByRole("alert").textContent).toBe("Invalid contract address");
    expect(calls).toEqual([]);
  });

  it("takes the address out of a pasted URL, says 'URL detected', and shows the preview", async () => {
    const calls = stubApi({ [`GET /api/token-info/${MINT}`]: () => json(200, INFO) });
    const { field, toasts } = renderForm();
    await lookUp(field, `https://dexscreener.com/solana/${MINT}`);

    expect(field.value).toBe(MINT);
    expect(toasts.result.current.toasts[0]?.title).toBe("URL detected");
    await screen.findByRole("heading", { name: "Pixel Pepe" });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /api/token-info/${MINT}`]);
    expect(screen.getByText("$0.000123")).toBeTruthy();
    expect(screen.getByText("$1,234,567")).toBeTruthy();
    expect(screen.getByText("$89,012")).toBeTruthy();
    expect(screen.getByRole("link", { name: /View Chart/ }).getAttribute("href")).toBe(INFO.chartUrl);
    expect(screen.getByRole("link", { name: /Buy PPEPE/ }).getAttribute("href")).toBe(INFO.buyUrl);
  });

  it("creates the token with the looked-up fields", async () => {
    const calls = stubApi({
      [`GET /api/token-info/${MINT}`]: () => json(200, INFO),
      "POST /api/headlines": () =>
        json(201, { id: 7, message: "Token created and added to Yesterday's News." }),
    });
    const { field, toasts } = renderForm();
    await lookUp(field, MINT);
    await screen.findByRole("heading", { name: "Pixel Pepe" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create Token" }));
    });

    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Token created"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      title: "Pixel Pepe",
      description: "A frog drawn in 8 bits.",
      imageUrl: INFO.imageUrl,
      symbol: "PPEPE",
      contractAddress: MINT,
      price: INFO.price,
      marketCap: INFO.marketCap,
      volume24h: INFO.volume24h,
      chartUrl: INFO.chartUrl,
      buyUrl: INFO.buyUrl,
    });
    expect(field.value).toBe("");
    expect(screen.queryByRole("heading", { name: "Pixel Pepe" })).toBeNull();
  });

  it("says 'Token not found' for an unknown address, and names the status of other failures", async () => {
    stubApi({
      [`GET /api/token-info/${MINT}`]: () => json(404, { message: "Token not found" }),
      "GET /api/token-info/So11111111111111111111111111111111111111112": () =>
        json(502, { message: "Failed to fetch token info. Please try again later." }),
    });
    const { field, toasts } = renderForm();
    await lookUp(field, MINT);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Token not found"));

    await lookUp(field, "So11111111111111111111111111111111111111112");
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]?.title).toBe("Failed to fetch token info: Bad Gateway"),
    );
  });

  it("shows 'Failed to generate token' when the creation fails", async () => {
    stubApi({
      [`GET /api/token-info/${MINT}`]: () => json(200, INFO),
      "POST /api/headlines": () => json(400, { message: "Chart URL must be a valid URL starting with http" }),
    });
    const { field, toasts } = renderForm();
    await lookUp(field, MINT);
    await screen.findByRole("heading", { name: "Pixel Pepe" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create Token" }));
    });
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Failed to generate token"));
    expect(toasts.result.current.toasts[0]?.description).toBe(
      "Chart URL must be a valid URL starting with http",
    );
    // The preview stays, so the admin can try again.
    expect(screen.getByRole("heading", { name: "Pixel Pepe" })).toBeTruthy();
  });
});
