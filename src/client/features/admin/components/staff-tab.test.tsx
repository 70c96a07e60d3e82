// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { StaffTab } from "./staff-tab";

type Call = { method: string; url: string; body: unknown };
type Reply = { status: number; body: unknown };

const ACCOUNTS = [
  {
    id: 1,
    username: "admin",
    isAdmin: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    lastLoginAt: "2026-11-20T09:30:00.000Z",
    disabledAt: null,
  },
  {
    id: 2,
    username: "editor",
    isAdmin: false,
    createdAt: "2026-11-02T10:00:00.000Z",
    lastLoginAt: null,
    disabledAt: null,
  },
  {
    id: 3,
    username: "old-hand",
    isAdmin: false,
    createdAt: "2026-11-03T10:00:00.000Z",
    lastLoginAt: "2026-11-04T10:00:00.000Z",
    disabledAt: "2026-11-05T10:00:00.000Z",
  },
];

/**
 * The server, stubbed: the logged-in user is `admin`, the account list answers `list`, and every change
 * (recorded in the answer) answers `change`.
 */
function stubApi(change: Reply | ((call: Call) => Reply), list: Reply = { status: 200, body: ACCOUNTS }) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    let reply: Reply;
    if (url === "/api/user") reply = { status: 200, body: { username: "admin", isAdmin: true } };
    else if (url === "/api/admin/accounts" && method === "GET") reply = list;
    else {
      const call = { method, url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
      calls.push(call);
      reply = typeof change === "function" ? change(call) : change;
    }
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

function renderTab() {
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffTab />
    </QueryClientProvider>,
  );
  return {
    toasts,
    username: screen.getByLabelText("Username") as HTMLInputElement,
    password: screen.getByLabelText("Password") as HTMLInputElement,
    admin: screen.getByRole("switch", { name: "Administrator" }),
  };
}

async function register() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Register Staff" }));
  });
}

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("StaffTab", () => {
  it("checks the username and password lengths", async () => {
    const calls = stubApi({ status: 201, body: {} });
    const { username, password } = renderTab();
    fireEvent.change(username, { target: { value: "ab" } });
    fireEvent.change(password, { target: { value: "1234567" } });
    await register();
    const messages = (await screen.findAllByRole("alert")).map((a) => a.textContent);
    expect(messages).toEqual([
      "Username must be at least 3 characters",
      "Password must be at least 8 characters",
    ]);
    expect(calls).toEqual([]);
  });

  it("registers an administrator by default, shows 'Registered!' for 3 seconds, then empties the form", async () => {
    const calls = stubApi({ status: 201, body: { username: "newsdesk", isAdmin: true } });
    const { username, password, admin, toasts } = renderTab();
    expect(admin.getAttribute("aria-checked")).toBe("true");
    fireEvent.change(username, { target: { value: "newsdesk" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await register();

    await screen.findByRole("button", { name: "Registered!" });
    expect(calls).toEqual([
      {
        method: "POST",
        url: "/api/admin/register-staff",
        body: { username: "newsdesk", password: "a-good-password", isAdmin: true },
      },
    ]);
    expect(toasts.result.current.toasts[0]?.title).toBe("Staff registered");
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole("button", { name: "Registered!" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole("button", { name: "Register Staff" })).toBeTruthy();
    expect(username.value).toBe("");
    expect(password.value).toBe("");
  });

  it("sends isAdmin false when the switch is turned off", async () => {
    const calls = stubApi({ status: 201, body: { username: "helper", isAdmin: false } });
    const { username, password, admin } = renderTab();
    fireEvent.change(username, { target: { value: "helper" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    fireEvent.click(admin);
    await register();
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ isAdmin: false }));
  });

  it("puts the server's 'username exists' message on the username field (409)", async () => {
    const message = "Username already exists. Please choose a different username.";
    stubApi({ status: 409, body: { message, errors: { username: message } } });
    const { username, password, toasts } = renderTab();
    fireEvent.change(username, { target: { value: "admin" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    await register();

    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    const error = document.getElementById(username.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe(message);
    expect(toasts.result.current.toasts[0]?.title).toBe("Registration failed");
    expect(screen.getByRole("button", { name: "Register Staff" })).toBeTruthy();
  });

  it("says only administrators can register staff (403)", async () => {
    stubApi({ status: 403, body: { message: "Only administrators can do this." } });
    const { username, password } = renderTab();
    fireEvent.change(username, { target: { value: "helper" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    await register();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Only administrators can register staff."),
    );
  });

  it("puts the server's 'common password' message on the password field (400)", async () => {
    const message = COMMON;
    stubApi({ status: 400, body: { message, errors: { password: message } } });
    const { username, password } = renderTab();
    fireEvent.change(username, { target: { value: "helper" } });
    fireEvent.change(password, { target: { value: "password123" } });
    await register();
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("alert").textContent).toBe(message);
  });
});

const COMMON =
  "This password is one of the 10,000 most common passwords. Please choose one that is harder to guess.";

const cardOf = async (username: string) => {
  const list = await screen.findByRole("list", { name: "Accounts" });
  const card = [...list.querySelectorAll("li")].find(
    (li) => li.querySelector("h4")?.textContent === username,
  );
  if (!card) throw new Error(`no card for ${username}`);
  return within(card);
};

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe("StaffTab: the account list", () => {
  it("lists the accounts with role, status, creation and last login; no Delete on one's own", async () => {
    stubApi({ status: 200, body: {} });
    renderTab();
    const admin = await cardOf("admin");
    await waitFor(() => expect(admin.getByText("You")).toBeTruthy());
    expect(admin.getByText("Administrator")).toBeTruthy();
    expect(admin.getByText("Enabled")).toBeTruthy();
    expect(admin.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(admin.getByRole("button", { name: "Disable admin" })).toBeTruthy();

    const editor = await cardOf("editor");
    expect(editor.getByText("Staff")).toBeTruthy();
    expect(editor.getByText("Never")).toBeTruthy();
    expect(editor.getByRole("button", { name: "Delete editor" })).toBeTruthy();

    const oldHand = await cardOf("old-hand");
    expect(oldHand.getByText("Disabled", { selector: "span" })).toBeTruthy();
    expect(oldHand.getByRole("button", { name: "Re-enable old-hand" })).toBeTruthy();
    expect(oldHand.queryByRole("button", { name: /^Disable/ })).toBeNull();
  });

  it("shows the loading, empty and error states", async () => {
    stubApi({ status: 200, body: {} }, { status: 200, body: [] });
    renderTab();
    expect(await screen.findByText("No accounts")).toBeTruthy();
    cleanup();
    stubApi({ status: 200, body: {} }, { status: 500, body: { message: "The database is asleep." } });
    renderTab();
    expect(await screen.findByText("Could not load the accounts")).toBeTruthy();
    expect(screen.getByText("The database is asleep.")).toBeTruthy();
  });

  it("disables an account after a confirmation, with a toast", async () => {
    const calls = stubApi({ status: 200, body: { ...ACCOUNTS[1], disabledAt: "2026-11-21T10:00:00.000Z" } });
    const { toasts } = renderTab();
    const editor = await cardOf("editor");
    await click(editor.getByRole("button", { name: "Disable editor" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Disable editor?")).toBeTruthy();
    await click(dialog.getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Account disabled"));
    expect(calls).toEqual([{ method: "POST", url: "/api/admin/accounts/2/disable", body: undefined }]);
  });

  it("shows the server's reason when the last administrator cannot be disabled (409)", async () => {
    const message =
      "The last enabled administrator cannot be disabled or deleted. Make another administrator first.";
    stubApi({ status: 409, body: { message } });
    const { toasts } = renderTab();
    const admin = await cardOf("admin");
    await click(admin.getByRole("button", { name: "Disable admin" }));
    await click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Disable" }));
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: "Disable failed",
        description: message,
      }),
    );
  });

  it("re-enables with a new password: checks its length, shows a common one refused, then sends it", async () => {
    let answer: Reply = { status: 400, body: { message: COMMON, errors: { password: COMMON } } };
    const calls = stubApi(() => answer);
    const { toasts } = renderTab();
    const oldHand = await cardOf("old-hand");
    await click(oldHand.getByRole("button", { name: "Re-enable old-hand" }));
    const dialog = within(await screen.findByRole("dialog"));
    const field = dialog.getByLabelText("New password") as HTMLInputElement;

    fireEvent.change(field, { target: { value: "short" } });
    await click(dialog.getByRole("button", { name: "Re-enable Account" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Password must be at least 8 characters");
    expect(calls).toEqual([]);

    fireEvent.change(field, { target: { value: "password123" } });
    await click(dialog.getByRole("button", { name: "Re-enable Account" }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(COMMON));

    answer = { status: 200, body: { ...ACCOUNTS[2], disabledAt: null } };
    fireEvent.change(field, { target: { value: "a-much-better-one" } });
    await click(dialog.getByRole("button", { name: "Re-enable Account" }));
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Account re-enabled"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.at(-1)).toEqual({
      method: "POST",
      url: "/api/admin/accounts/3/enable",
      body: { password: "a-much-better-one" },
    });
  });

  it("deletes an account after a confirmation, with a toast", async () => {
    const calls = stubApi({ status: 204, body: undefined });
    const { toasts } = renderTab();
    const editor = await cardOf("editor");
    await click(editor.getByRole("button", { name: "Delete editor" }));
    await click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Account deleted"));
    expect(calls).toEqual([{ method: "DELETE", url: "/api/admin/accounts/2", body: undefined }]);
  });
});
