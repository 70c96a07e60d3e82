// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MobileMenu } from "./mobile-menu";

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

/** A way to leave the page that is not the menu's own links: the bottom bar, the back button. */
function Elsewhere({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go {to}
    </button>
  );
}

describe("MobileMenu", () => {
  // The CI's phone run (stop 34): a tap that came after the page's commit but before its effects ran
  // opened the menu, and the effect that closes it on a navigation, running for the first time, closed it.
  it("keeps the menu open for a tap that comes before the page's effects have run", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    const tapped = new Promise<void>((resolve) => {
      // A mutation observer runs right after the commit's task, before React's task for the effects.
      const observer = new MutationObserver(() => {
        const button = container.querySelector("button");
        if (!button) return;
        observer.disconnect();
        button.click();
        resolve();
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <MemoryRouter initialEntries={["/"]}>
          <MobileMenu />
        </MemoryRouter>,
      );
    });
    await tapped;
    await settle();
    const button = container.querySelector("button");
    expect(button?.getAttribute("aria-expanded")).toBe("true");
    expect(button?.textContent).toBe("Close Menu");
    root.unmount();
  });

  it("closes on any navigation, and is closed on coming back to the page it was opened on", () => {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <MobileMenu />
        <Elsewhere to="/archive" />
        <Elsewhere to="/" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Game Menu" }));
    expect(screen.getByRole("button", { name: "Close Menu" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Go /archive" }));
    expect(screen.getByRole("button", { name: "Game Menu" }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Go /" }));
    expect(screen.getByRole("button", { name: "Game Menu" }).getAttribute("aria-expanded")).toBe("false");
  });
});
