// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmButton } from "./confirm-button";

afterEach(cleanup);

const FIRST = { title: "Delete an active headline?", description: "It is live.", confirmLabel: "Continue" };
const SECOND = {
  title: "Really delete it for good?",
  description: "No undo.",
  confirmLabel: "Delete Headline",
};

function click(name: string) {
  act(() => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

describe("ConfirmButton", () => {
  it("acts only after the question is answered yes", () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton steps={[{ ...FIRST, confirmLabel: "Delete" }]} onConfirm={onConfirm}>
        Delete item
      </ConfirmButton>,
    );
    click("Delete item");
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    click("Delete");
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("does nothing when cancelled", () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton steps={[FIRST]} onConfirm={onConfirm}>
        Delete item
      </ConfirmButton>,
    );
    click("Delete item");
    click("Cancel");
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks twice for a double confirmation and starts over after a cancel", () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton steps={[FIRST, SECOND]} onConfirm={onConfirm}>
        Delete item
      </ConfirmButton>,
    );
    click("Delete item");
    click("Continue");
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText("Really delete it for good?")).toBeTruthy();
    // The second question moves focus to Cancel, so a held Enter cannot answer it.
    expect(document.activeElement?.textContent).toBe("Cancel");
    click("Cancel");
    click("Delete item");
    expect(screen.getByText("Delete an active headline?")).toBeTruthy();
    click("Continue");
    click("Delete Headline");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("stays closed when canOpen refuses", () => {
    render(
      <ConfirmButton steps={[FIRST]} onConfirm={vi.fn()} canOpen={() => false}>
        Set Custom Time
      </ConfirmButton>,
    );
    click("Set Custom Time");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
