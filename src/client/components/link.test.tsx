// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link } from "./link";

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, link: ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {link}
      <Where />
    </MemoryRouter>,
  );
  return () => screen.getByTestId("where").textContent;
}

describe("Link", () => {
  it("is an <a> with the path and its own props, and a click opens the page in the router", () => {
    const onClick = vi.fn();
    const where = renderAt(
      "/",
      <Link to="/archive" className="underline" aria-current="page" onClick={onClick}>
        Archive
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Archive" });
    expect(link.getAttribute("href")).toBe("/archive");
    expect(link.className).toBe("underline");
    expect(link.getAttribute("aria-current")).toBe("page");
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(where()).toBe("/archive");
  });

  it("leaves a click with a modifier key, or one its onClick prevented, to the browser", () => {
    const where = renderAt(
      "/",
      <>
        <Link to="/archive">Archive</Link>
        <Link to="/about" onClick={(event) => event.preventDefault()}>
          About
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Archive" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "About" }));
    expect(where()).toBe("/");
  });
});
