// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../test-utils";
import { SubmissionSuccess } from "./submission-success";

afterEach(cleanup);

describe("SubmissionSuccess", () => {
  it("takes the focus on its heading and offers Submit Another and Back to Home", () => {
    const onSubmitAnother = vi.fn();
    render(
      <Providers>
        <SubmissionSuccess homePath="/" onSubmitAnother={onSubmitAnother}>
          <p>The team will review it.</p>
        </SubmissionSuccess>
      </Providers>,
    );
    const heading = screen.getByRole("heading", { name: "Submission Received!" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "Submit Another" }));
    expect(onSubmitAnother).toHaveBeenCalledOnce();
  });
});
