// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReminderSlot } from "./reminder-slot";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A browser with Web Push whose permission prompt stays open: the button stays "Working…". */
function stubPushBrowser() {
  vi.stubGlobal("isSecureContext", true);
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "default", requestPermission: () => new Promise(() => {}) });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => undefined },
  });
}

describe("ReminderSlot", () => {
  it("keeps focus on the button when the pressed stand-in is replaced by the loaded one", async () => {
    stubPushBrowser();
    render(<ReminderSlot />);
    const standIn = screen.getByRole("button", { name: "Remind me before voting closes" });
    standIn.focus();
    await act(async () => {
      fireEvent.click(standIn);
    });
    const working = await screen.findByRole("button", { name: "Working…" });
    await waitFor(() => expect(document.activeElement).toBe(working));
    // While it works it says so, and stays focusable: a disabled button would drop focus to <body>.
    expect(working.hasAttribute("disabled")).toBe(false);
    expect(working.getAttribute("aria-disabled")).toBe("true");
  });
});
