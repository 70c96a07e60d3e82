// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/client/lib/use-toast";
import { SUBMISSION_MESSAGES } from "@/common/submission";
import { formInUse } from "../lazy-form-in-use";
import { jsonResponse, Providers, settle, stubFetch, watchToasts } from "../test-utils";
import { PaidSubmissionForm } from "./paid-submission-form";

const USED = "This transaction ID has already been used for another submission.";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function renderForm(props: { disabledReason?: string } = {}) {
  const onSubmitted = vi.fn();
  render(
    <Providers>
      <PaidSubmissionForm onSubmitted={onSubmitted} {...props} />
    </Providers>,
  );
  return onSubmitted;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Submit Promoted Headline" }));
  });
  await settle();
}

function fillValid() {
  type("Your name or organization", "Doge Labs");
  type("Headline", "Dog Elected Mayor");
  type("Description", "A small town elected a golden retriever as its mayor.");
  type("Image URL", "https://cdn.example.com/dog.png");
  type("Transaction ID (optional)", "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb");
  fireEvent.click(screen.getByRole("checkbox"));
}

// The schemas load on the form's first focus (lazy-form-in-use.ts); these tests submit without focusing.
beforeAll(() => formInUse.preload());

describe("PaidSubmissionForm", () => {
  it("starts on 'Launching soon' and asks the launch date question that fits the choice", () => {
    renderForm();
    expect((screen.getByRole("radio", { name: "Launching soon" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Already launched" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText("When is your project launching?")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Already launched" }));
    expect(screen.getByLabelText("When did your project launch?")).toBeTruthy();
    expect(screen.queryByLabelText("When is your project launching?")).toBeNull();
  });

  it("shows the paid fields' messages", async () => {
    stubFetch({});
    renderForm();
    type("Your name or organization", "D");
    type("Transaction ID (optional)", "abc");
    await submit();
    expect(screen.getByText(SUBMISSION_MESSAGES.submittedByMin)).toBeTruthy();
    expect(screen.getByText(SUBMISSION_MESSAGES.transactionId)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Your name or organization"));
  });

  it("sends the launch status and date, and a reused transaction id is refused where it was typed", async () => {
    const calls = stubFetch({ "/api/headlines/paid-submission": () => jsonResponse(409, { message: USED }) });
    const toasts = watchToasts();
    const onSubmitted = renderForm();
    fillValid();
    fireEvent.click(screen.getByRole("radio", { name: "Already launched" }));
    type("When did your project launch?", "2025-06-01");
    await submit();

    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      submittedBy: "Doge Labs",
      title: "Dog Elected Mayor",
      description: "A small town elected a golden retriever as its mayor.",
      imageUrl: "https://cdn.example.com/dog.png",
      launchStatus: "launched",
      launchDate: "2025-06-01",
      transactionId: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb",
    });
    expect(toasts()).toEqual([{ title: "Submission failed", text: USED }]);
    const transaction = screen.getByLabelText("Transaction ID (optional)");
    expect(transaction.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${transaction.id}-error`)?.textContent).toBe(USED);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("is disabled, saying why, until there is an address to pay to", () => {
    renderForm({ disabledReason: "The form opens once the payment address is configured." });
    expect(screen.getByText("The form opens once the payment address is configured.")).toBeTruthy();
    const submit = screen.getByRole("button", { name: "Submit Promoted Headline" });
    // Every control sits in the one fieldset that is disabled (the browser disables its descendants).
    const fieldset = submit.closest("form")?.querySelector(":scope > fieldset") as HTMLFieldSetElement;
    expect(fieldset.disabled).toBe(true);
    expect(fieldset.contains(screen.getByLabelText("Your name or organization"))).toBe(true);
    expect(fieldset.getAttribute("aria-describedby")).toBe("paid-form-disabled-reason");
  });
});
