// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { sampleAdminHeadline } from "@/common/testing/headlines";
import { PendingTab } from "./pending-tab";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const BASE: AdminHeadline = sampleAdminHeadline({
  id: 7,
  title: "Paid project headline",
  description: "A paid submission waiting for review.",
  submittedBy: "Dev Team",
  isApproved: false,
  launchStatus: "upcoming",
  transactionId: "5xTransaction123",
});

type Route = (method: string, url: string) => { status: number; body?: unknown } | undefined;

function stubApi(route: Route) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push(`${method} ${url}`);
    const answer = route(method, url) ?? { status: 404, body: { message: "not stubbed" } };
    return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

function renderTab() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, { username: "admin", isAdmin: true });
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={queryClient}>
      <PendingTab />
    </QueryClientProvider>,
  );
  return { queryClient, toasts };
}

describe("PendingTab", () => {
  it("shows a paid submission's payment box with the explorer link", async () => {
    stubApi((method, url) =>
      method === "GET" && url === "/api/admin/headlines" ? { status: 200, body: [BASE] } : undefined,
    );
    renderTab();
    const card = await screen.findByRole("listitem");
    expect(within(card).getByText("Pending Verification")).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /View on Solscan/ })
        .getAttribute("href"),
    ).toBe("https://solscan.io/tx/5xTransaction123");
    expect(within(card).getByRole("button", { name: "Verify Payment" }).hasAttribute("disabled")).toBe(false);
  });

  it("disables Verify Payment once the payment is verified", async () => {
    stubApi((method) => (method === "GET" ? { status: 200, body: [{ ...BASE, isPaid: true }] } : undefined));
    renderTab();
    const card = await screen.findByRole("listitem");
    expect(within(card).getByText("Verified")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Verify Payment" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows the empty state when nothing waits", async () => {
    stubApi(() => ({ status: 200, body: [{ ...BASE, isApproved: true }] }));
    renderTab();
    expect(await screen.findByText("No Headlines Pending")).toBeTruthy();
  });

  it("hands the keyboard's focus to the next card even when the list drops the card before the answer", async () => {
    // A live change (another admin's approval, the server's own announcement) can refresh the list while the
    // approval is on its way: the card leaves first, and its mutation's callbacks never run (a CI run found
    // the focus on <body>).
    let list: AdminHeadline[] = [BASE, { ...BASE, id: 8, title: "The next headline", transactionId: null }];
    let answerApproval = () => {};
    const approved = new Promise<void>((resolve) => {
      answerApproval = resolve;
    });
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? "GET") === "POST" && url === "/api/admin/headlines/7/approve") await approved;
      const body = url === "/api/admin/headlines" ? list : { ...BASE, isApproved: true };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    const { queryClient } = renderTab();
    const [first] = await screen.findAllByRole("listitem");
    const approve = within(first as HTMLElement).getByRole("button", { name: /^Approve/ });
    approve.focus();
    await act(async () => {
      fireEvent.click(approve);
    });
    list = list.filter((headline) => headline.id !== 7);
    await act(async () => {
      await queryClient.invalidateQueries();
    });
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    await act(async () => {
      answerApproval();
      await approved;
    });
    const next = screen.getByRole("listitem");
    await waitFor(() => expect(next.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe("BUTTON");
  });

  it("goes back to the login form when approving answers 401", async () => {
    const calls = stubApi((method) =>
      method === "GET" ? { status: 200, body: [BASE] } : { status: 401, body: { message: "Please log in" } },
    );
    const { queryClient, toasts } = renderTab();
    const card = await screen.findByRole("listitem");
    await act(async () => {
      fireEvent.click(within(card).getByRole("button", { name: /^Approve/ }));
    });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.user)).toBeNull());
    expect(calls).toContain("POST /api/admin/headlines/7/approve");
    expect(toasts.result.current.toasts[0]).toMatchObject({ title: "Session expired" });
  });

  it("says 'Approval failed' with the server's reason otherwise", async () => {
    stubApi((method) =>
      method === "GET"
        ? { status: 200, body: [BASE] }
        : { status: 404, body: { message: "Headline not found" } },
    );
    const { toasts } = renderTab();
    const card = await screen.findByRole("listitem");
    await act(async () => {
      fireEvent.click(within(card).getByRole("button", { name: /^Approve/ }));
    });
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: "Approval failed",
        description: "Headline not found",
      }),
    );
  });
});
