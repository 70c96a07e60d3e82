// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { sampleAdminHeadline, sampleHeadline } from "@/common/testing/headlines";
import type { VoteEvidence } from "@/common/vote-evidence";
import { ActiveTab } from "./active-tab";
import { AuditTab } from "./audit-tab";
import { PendingTab } from "./pending-tab";
import { TomorrowsNewsTab } from "./tomorrows-news-tab";
import { VoteEvidenceTab } from "./vote-evidence-tab";
import { WinnersTab } from "./winners-tab";

/**
 * Issue 31, "Staff controls that can only fail": a control the server would refuse is drawn disabled, with
 * the server's own reason beside it (visible, and its accessible description).
 */

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
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

function renderWith(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, { username: "admin", isAdmin: true });
  const toasts = renderHook(() => useToast());
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
  return { queryClient, toasts };
}

/** The text an element's aria-describedby points at, as a screen reader reads it. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
}

const headlines =
  (list: AdminHeadline[]): Route =>
  (method, url) =>
    method === "GET" && url === "/api/admin/headlines" ? { status: 200, body: list } : undefined;

describe("controls the server would refuse", () => {
  it("draws a winner's Today's and Tomorrow's switches disabled, with the server's reason beside them", async () => {
    const winner = sampleAdminHeadline({ id: 3, title: "Crowned story", stage: "winner", isWinner: true });
    const past = sampleAdminHeadline({ id: 4, title: "Old champion", stage: "past_winner", isWinner: true });
    const calls = stubApi(headlines([winner, past]));
    renderWith(<WinnersTab />);
    const cards = await screen.findAllByTestId("admin-headline");
    expect(cards).toHaveLength(2);
    const [current, former] = cards as [HTMLElement, HTMLElement];
    for (const name of [/^Today's News/, /^Tomorrow's News/]) {
      const control = within(current).getByRole("switch", { name });
      expect(control.hasAttribute("disabled")).toBe(true);
      expect(description(control)).toBe(
        "Only an approved headline that is not a winner or launched can be in Today's or Tomorrow's News: this one is the current winner.",
      );
      // The reason is on the card, not only read out.
      expect(within(current).getByText(description(control))).toBeTruthy();
      expect(description(within(former).getByRole("switch", { name }))).toMatch(
        /this one is a past winner\.$/,
      );
    }
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("draws Make Winner disabled on a promotion awaiting its payment, saying why", async () => {
    const unpaid = sampleAdminHeadline({
      id: 9,
      title: "Promoted, not paid",
      stage: "held",
      isTodaysNews: true,
      transactionId: "5xPasted",
      isPaid: false,
    });
    const paid = sampleAdminHeadline({ id: 10, title: "Paid and voting", isTodaysNews: true });
    stubApi(headlines([unpaid, paid]));
    renderWith(<ActiveTab />);
    const makeUnpaid = await screen.findByRole("button", { name: /^Make Winner.*Promoted, not paid$/ });
    expect(makeUnpaid.hasAttribute("disabled")).toBe(true);
    expect(description(makeUnpaid)).toBe(
      "This promoted submission's payment is not confirmed yet: it cannot win before it is paid.",
    );
    const makePaid = screen.getByRole("button", { name: /^Make Winner.*Paid and voting$/ });
    expect(makePaid.hasAttribute("disabled")).toBe(false);
    expect(makePaid.getAttribute("aria-describedby")).toBeNull();
  });

  it("draws Void disabled once the cycle's winner is chosen, with the reason beside each button", async () => {
    const cluster = {
      hash: "0123456789abcdef0123456789abcdef",
      votes: 6,
      addresses: 6,
      networks: 1,
      userAgents: 1,
      firstVoteAt: "2026-11-20T17:00:00.000Z",
      lastVoteAt: "2026-11-20T17:02:00.000Z",
      peak: 6,
      flagged: true,
    };
    const evidence: VoteEvidence = {
      cycle: "2026-11-21T01:00:00.000Z",
      winnerChosen: true,
      headlines: [
        {
          id: 5,
          title: "The crowned one",
          votes: 6,
          voided: 0,
          withoutEvidence: 0,
          networks: [cluster],
          moreNetworks: 0,
          userAgents: [{ ...cluster, hash: "fedcba9876543210fedcba9876543210", flagged: false }],
          moreUserAgents: 0,
        },
      ],
    };
    stubApi((method, url) =>
      method === "GET" && url === "/api/admin/vote-evidence" ? { status: 200, body: evidence } : undefined,
    );
    renderWith(<VoteEvidenceTab />);
    const card = await screen.findByTestId("vote-evidence-headline");
    const buttons = within(card).getAllByRole("button", { name: /^Void/ });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button.hasAttribute("disabled")).toBe(true);
      expect(description(button)).toBe(
        "This cycle's winner has been chosen: its votes can no longer be voided.",
      );
      const row = button.closest("li");
      if (!row) throw new Error("a Void button outside its row");
      expect(within(row).getByText(description(button))).toBeTruthy();
    }
  });
});

describe("focus after the dashboard's actions", () => {
  it("moves focus to the new page of the Audit log, never to <body>", async () => {
    const entry = (id: number) => ({
      kind: "action",
      id,
      at: "2026-11-20T17:00:00.000Z",
      actor: "admin",
      action: "POST /api/admin/headlines/:id/approve",
      headlineId: null,
      headlineTitle: null,
      target: String(id),
      fromStage: null,
      toStage: null,
      details: null,
    });
    stubApi((method, url) => {
      if (method !== "GET" || !url.startsWith("/api/admin/audit")) return undefined;
      const page = Number(new URL(url, "http://x").searchParams.get("page"));
      return { status: 200, body: { entries: [entry(100 - page)], page, hasMore: page < 2 } };
    });
    renderWith(<AuditTab />);
    const older = (await screen.findAllByRole("button", { name: "Older" }))[0] as HTMLElement;
    older.focus();
    await act(async () => {
      fireEvent.click(older);
    });
    const list = await screen.findByRole("list", { name: /page 2/ });
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it("keeps focus on a control after Reject Payment: on Verify Payment, which can undo it", async () => {
    const paid = sampleAdminHeadline({
      id: 7,
      title: "Paid project headline",
      stage: "pending",
      isApproved: false,
      launchStatus: "upcoming",
      transactionId: "5xTransaction123",
    });
    let rejected = false;
    stubApi((method, url) => {
      if (method === "GET" && url === "/api/admin/headlines")
        return { status: 200, body: [rejected ? { ...paid, stage: "rejected" } : paid] };
      if (method === "POST" && url === "/api/admin/headlines/7/verify-payment") {
        rejected = true;
        return { status: 200, body: { isPaid: false, message: "Payment rejected" } };
      }
      return undefined;
    });
    renderWith(<PendingTab />);
    const reject = await screen.findByRole("button", { name: "Reject Payment" });
    reject.focus();
    await act(async () => {
      fireEvent.click(reject);
    });
    await screen.findByText("Rejected");
    expect(reject.hasAttribute("disabled")).toBe(true);
    const verify = screen.getByRole("button", { name: "Verify Payment" });
    await waitFor(() => expect(document.activeElement).toBe(verify));
  });
});

describe("the Audit tab in words", () => {
  it("says what each action did, one row per action, with the pager above and below and times in ET", async () => {
    const at = "2026-11-20T17:00:05.000Z";
    const entries = [
      {
        kind: "action",
        id: 2,
        at,
        actor: "admin",
        action: "POST /api/admin/headlines/:id/toggle-tomorrows",
        headlineId: 12,
        headlineTitle: "Frog elected mayor",
        target: "12",
        fromStage: null,
        toStage: null,
        details: { isTomorrowsNews: true },
      },
      {
        kind: "action",
        id: 1,
        at,
        actor: "staff",
        action: "POST /api/admin/headlines/:id/verify-payment",
        headlineId: 11,
        headlineTitle: "Cat buys yacht",
        target: "11",
        fromStage: null,
        toStage: null,
        details: { isPaid: false },
      },
      {
        kind: "transition",
        id: 9,
        at,
        actor: "job:cycle",
        action: "crown",
        headlineId: 10,
        headlineTitle: "Dog wins",
        target: null,
        fromStage: "today",
        toStage: "winner",
        details: null,
      },
    ];
    stubApi((method, url) =>
      method === "GET" && url.startsWith("/api/admin/audit")
        ? { status: 200, body: { entries, page: 1, hasMore: true } }
        : undefined,
    );
    renderWith(<AuditTab />);
    const list = await screen.findByRole("list", { name: /Audit log/ });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain("Moved into Tomorrow's News");
    expect(rows[1]?.textContent).toContain("Payment rejected");
    expect(rows[2]?.textContent).toContain("Crowned the winner");
    expect(list.textContent).not.toMatch(/\/api\/|POST |\{"/);
    // 17:00:05 UTC on Nov 20 is 12:00:05 PM on the paper's clock, written "ET" as everywhere else.
    expect(rows[0]?.textContent).toContain("Nov 20, 2026, 12:00:05 PM ET");
    expect(list.textContent).not.toContain("EST");
    expect(screen.getAllByRole("navigation", { name: /^Audit log pages/ })).toHaveLength(2);
  });
});

describe("Tomorrow's News tab", () => {
  const candidate = sampleHeadline({
    id: 21,
    title: "Moon made of cheese",
    isTomorrowsNews: true,
    tomorrowVotes: 4,
  });

  it("says beside Delete Completely that it hides the headline and keeps its votes", async () => {
    stubApi((method, url) =>
      method === "GET" && url === "/api/tomorrows-news" ? { status: 200, body: [candidate] } : undefined,
    );
    renderWith(<TomorrowsNewsTab />);
    const remove = await screen.findByRole("button", { name: /^Delete Completely/ });
    expect(description(remove)).toBe("Hides it from every list and page; its votes stay on record.");
    const card = remove.closest("li");
    if (!card) throw new Error("the button is outside its card");
    expect(within(card).getByText(description(remove))).toBeTruthy();
    await act(async () => {
      fireEvent.click(remove);
    });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Nothing is erased");
    expect(within(dialog).getByRole("button", { name: "Hide, Keep Votes" })).toBeTruthy();
  });

  it("counts in Move Top 4's toast only the headlines that joined today's voting", async () => {
    const four = [1, 2, 3, 4].map((id) =>
      sampleAdminHeadline({
        id,
        title: `Top ${id}`,
        isTodaysNews: true,
        joinedToday: id !== 2,
      } as Partial<AdminHeadline>),
    );
    stubApi((method, url) => {
      if (method === "GET" && url === "/api/tomorrows-news") return { status: 200, body: [candidate] };
      if (method === "POST" && url === "/api/admin/move-top-headlines-to-today")
        return { status: 200, body: four };
      return undefined;
    });
    const { toasts } = renderWith(<TomorrowsNewsTab />);
    await screen.findByRole("heading", { name: "Moon made of cheese" });
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Move Top 4 to Today's News" }));
    });
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Move Top 4" }),
      );
    });
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: "Moved to Today's News",
        description: "3 headlines joined today's voting; 1 was already in it.",
      }),
    );
  });
});
