// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { AdminLoginForm } from "./admin-login-form";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function stubLogin(status: number, body: unknown) {
  const bodies: unknown[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit = {}) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return bodies;
}

function renderForm() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, null);
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={queryClient}>
      <AdminLoginForm />
    </QueryClientProvider>,
  );
  return { queryClient, toasts };
}

async function logIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText("Username"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Log In" }));
  });
}

describe("AdminLoginForm", () => {
  it("asks for both fields with the spec's messages", async () => {
    const bodies = stubLogin(200, {});
    renderForm();
    await logIn("", "");
    expect(await screen.findByText("Username is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it("fills in the session on success", async () => {
    const bodies = stubLogin(200, { username: "admin", isAdmin: true });
    const { queryClient } = renderForm();
    await logIn("admin", "secret-password");
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.user)).toEqual({ username: "admin", isAdmin: true }),
    );
    expect(bodies).toEqual([{ username: "admin", password: "secret-password" }]);
  });

  it("shows 'Login failed' without saying which field was wrong", async () => {
    stubLogin(401, { message: "Invalid username or password" });
    const { toasts } = renderForm();
    await logIn("admin", "wrong");
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: "Login failed",
        description: "Please check your credentials",
      }),
    );
    // And under the form, where it stays after the toast has gone.
    expect((await screen.findByText("Invalid username or password")).closest("[role=alert]")).not.toBeNull();
  });

  it("passes on the server's wait message when logins are throttled", async () => {
    stubLogin(429, { message: "Too many login attempts. Please wait a few minutes and try again." });
    const { toasts } = renderForm();
    await logIn("admin", "wrong");
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: "Login failed",
        description: "Too many login attempts. Please wait a few minutes and try again.",
      }),
    );
  });
});
