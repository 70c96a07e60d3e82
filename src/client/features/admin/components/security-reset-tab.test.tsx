// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { SecurityResetTab } from "./security-reset-tab";

type Call = { method: string; url: string; body: unknown };

function stubApi(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? "GET", url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

function renderTab() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, { username: "admin", isAdmin: true });
  const router = createMemoryRouter([{ path: "*", element: <SecurityResetTab /> }], {
    initialEntries: ["/admin?tab=security"],
  });
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router, toasts };
}

function fill(values: {
  current?: string;
  admin: string;
  adminConfirm: string;
  staff: string;
  staffConfirm: string;
}) {
  fireEvent.change(screen.getByLabelText("Your current password"), {
    target: { value: values.current ?? "" },
  });
  fireEvent.change(screen.getByLabelText("New admin password"), { target: { value: values.admin } });
  fireEvent.change(screen.getByLabelText("Confirm admin password"), {
    target: { value: values.adminConfirm },
  });
  fireEvent.change(screen.getByLabelText("New staff password"), { target: { value: values.staff } });
  fireEvent.change(screen.getByLabelText("Confirm staff password"), {
    target: { value: values.staffConfirm },
  });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Reset Passwords" }));
  });
}

const GOOD = {
  current: "my-current-pass",
  admin: "new-admin-pass",
  adminConfirm: "new-admin-pass",
  staff: "new-staff-pass",
  staffConfirm: "new-staff-pass",
};

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("SecurityResetTab", () => {
  it("checks the lengths and the confirmations before asking anything", async () => {
    const calls = stubApi(200, { updatedUsers: [], accounts: [] });
    renderTab();
    fill({ admin: "short", adminConfirm: "other", staff: "long-enough-1", staffConfirm: "long-enough-2" });
    await submit();

    const messages = (await screen.findAllByRole("alert")).map((a) => a.textContent);
    expect(messages).toEqual([
      "Enter your current password.",
      "Passwords must be at least 8 characters long.",
      "Admin passwords do not match.",
      "Staff passwords do not match.",
    ]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("asks 'Are you absolutely sure?' and does nothing on Cancel", async () => {
    const calls = stubApi(200, { updatedUsers: [], accounts: [] });
    renderTab();
    fill(GOOD);
    await submit();

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Are you absolutely sure?");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("on confirmation resets, says so, then logs out and goes to /admin after 3 seconds", async () => {
    const calls = stubApi(200, {
      updatedUsers: ["admin", "staff"],
      accounts: [
        { username: "admin", action: "password set" },
        { username: "staff", action: "created" },
        { username: "editor", action: "disabled" },
        { username: "old-hand", action: "stays disabled" },
      ],
    });
    const { queryClient, router } = renderTab();
    fill(GOOD);
    await submit();
    await screen.findByRole("alertdialog");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, reset everything" }));
    });

    await waitFor(() => expect(screen.getByText("Security reset complete")).toBeTruthy());
    expect(calls).toEqual([
      {
        method: "POST",
        url: "/api/admin/security-reset",
        body: {
          currentPassword: "my-current-pass",
          newAdminPassword: "new-admin-pass",
          newStaffPassword: "new-staff-pass",
        },
      },
    ]);
    // What happened to each account, one line each.
    const lines = screen.getByRole("list", { name: "What happened to each account" }).querySelectorAll("li");
    expect([...lines].map((li) => li.textContent)).toEqual([
      "admin: new password set",
      "staff: created with the new password",
      "editor: disabled until an administrator re-enables it with a new password",
      "old-hand: was already disabled and stays disabled",
    ]);
    expect(queryClient.getQueryData(queryKeys.user)).not.toBeNull();

    act(() => vi.advanceTimersByTime(3000));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(router.state.location.pathname).toBe("/admin");
    expect(router.state.location.search).toBe("");
  });

  it("shows a wrong current password and a common new password under their fields, and stays logged in", async () => {
    const wrong = "Your current password is not correct. Nothing was changed.";
    stubApi(403, { message: wrong, errors: { currentPassword: wrong } });
    const { toasts, queryClient } = renderTab();
    fill(GOOD);
    await submit();
    await screen.findByRole("alertdialog");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, reset everything" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(wrong));
    expect(document.activeElement).toBe(screen.getByLabelText("Your current password"));
    expect(toasts.result.current.toasts[0]).toMatchObject({
      title: "Security Reset Failed",
      description: wrong,
    });
    expect(queryClient.getQueryData(queryKeys.user)).not.toBeNull();

    const common =
      "This password is one of the 10,000 most common passwords. Please choose one that is harder to guess.";
    stubApi(400, { message: common, errors: { newStaffPassword: common } });
    await submit();
    await screen.findByRole("alertdialog");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, reset everything" }));
    });
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(common));
  });

  it("tells a staff account that only administrators can do it (403)", async () => {
    stubApi(403, { message: "Only administrators can do this." });
    const { toasts, queryClient } = renderTab();
    fill(GOOD);
    await submit();
    await screen.findByRole("alertdialog");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, reset everything" }));
    });

    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Security Reset Failed"));
    expect(toasts.result.current.toasts[0]?.description).toBe(
      "Only administrators can run the security reset.",
    );
    expect(screen.getByRole("alert").textContent).toContain(
      "Only administrators can run the security reset.",
    );
    // Still logged in: a refusal ends nothing.
    expect(queryClient.getQueryData(queryKeys.user)).not.toBeNull();
  });
});
