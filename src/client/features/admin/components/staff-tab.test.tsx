// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { StaffTab } from "./staff-tab";

type Call = { url: string; body: unknown };

function stubApi(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
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
    const calls = stubApi(201, {});
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
    const calls = stubApi(201, { username: "newsdesk", isAdmin: true });
    const { username, password, admin, toasts } = renderTab();
    expect(admin.getAttribute("aria-checked")).toBe("true");
    fireEvent.change(username, { target: { value: "newsdesk" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await register();

    await screen.findByRole("button", { name: "Registered!" });
    expect(calls).toEqual([
      {
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
    const calls = stubApi(201, { username: "helper", isAdmin: false });
    const { username, password, admin } = renderTab();
    fireEvent.change(username, { target: { value: "helper" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    fireEvent.click(admin);
    await register();
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ isAdmin: false }));
  });

  it("puts the server's 'username exists' message on the username field (409)", async () => {
    const message = "Username already exists. Please choose a different username.";
    stubApi(409, { message, errors: { username: message } });
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
    stubApi(403, { message: "Only administrators can do this." });
    const { username, password } = renderTab();
    fireEvent.change(username, { target: { value: "helper" } });
    fireEvent.change(password, { target: { value: "a-good-password" } });
    await register();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Only administrators can register staff."),
    );
  });
});
