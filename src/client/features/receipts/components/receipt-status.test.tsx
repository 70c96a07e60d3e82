// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import type { Receipt } from "@/common/receipt";
import { RECEIPT_TEXTS, SubmissionStatus } from "./receipt-status";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const base: Receipt = {
  receipt: "AbCdEfGhIjKlMnOpQrStUv",
  kind: "promoted",
  title: "Dog Elected Mayor",
  description: "A small town elected a golden retriever as its mayor.",
  imageUrl: null,
  submittedBy: "Doge Labs",
  createdAt: "2026-11-25T12:00:00.000Z",
  status: "awaiting_payment",
  note: null,
  transactionId: null,
  checking: false,
  payment: {
    url: "solana:Recipient?amount=0.35&reference=Ref",
    recipient: "Recipient",
    amount: "0.35",
    reference: "Ref",
  },
  expiresAt: "2026-11-26T12:00:00.000Z",
  headlineUrl: null,
};

function show(receipt: Partial<Receipt>) {
  const payRequest = vi.fn((url: string) => <p>pay request {url}</p>);
  render(
    <Providers>
      <SubmissionStatus receipt={{ ...base, ...receipt }} payRequest={payRequest} />
    </Providers>,
  );
  return payRequest;
}

describe("a submission's status", () => {
  it("awaiting payment: the amount, the transfer request, the expiry, why a payment was not counted", () => {
    const payRequest = show({ note: "Amount 0.1 SOL is below the 0.35 SOL price", checking: true });
    expect(screen.getByTestId("receipt-status").textContent).toBe("Awaiting payment");
    expect(screen.getByText(RECEIPT_TEXTS.awaiting("0.35"))).toBeTruthy();
    expect(payRequest).toHaveBeenCalledWith(base.payment?.url, expect.any(Function));
    expect(screen.getByText(RECEIPT_TEXTS.checking)).toBeTruthy();
    expect(screen.getByText("Not counted yet: Amount 0.1 SOL is below the 0.35 SOL price.")).toBeTruthy();
    expect(screen.getByText(/Unpaid submissions expire on/)).toBeTruthy();
    expect(screen.getByText("Paid another way? Paste the transaction ID")).toBeTruthy();
  });

  it("draws no transfer request once paid, and links the published headline once approved", () => {
    const payRequest = show({ status: "paid", payment: null });
    expect(screen.getByText(RECEIPT_TEXTS.paid)).toBeTruthy();
    expect(payRequest).not.toHaveBeenCalled();
    expect(screen.queryByText("Paid another way? Paste the transaction ID")).toBeNull();
    cleanup();
    show({ status: "approved", payment: null, headlineUrl: "/h/7/dog-elected-mayor" });
    expect(screen.getByRole("link", { name: "See your headline" }).getAttribute("href")).toBe(
      "/h/7/dog-elected-mayor",
    );
  });

  it("says why it was rejected, and that an unpaid one expired", () => {
    show({ status: "rejected", payment: null, note: "Rejected by staff" });
    expect(screen.getByText("Reason: Rejected by staff.")).toBeTruthy();
    cleanup();
    // A reason that ends its own sentence gets no second period (issue 31).
    show({ status: "rejected", payment: null, note: "Duplicate of an earlier headline." });
    expect(screen.getByText("Reason: Duplicate of an earlier headline.")).toBeTruthy();
    cleanup();
    show({ status: "rejected", payment: null, note: "Is this news?" });
    expect(screen.getByText("Reason: Is this news?")).toBeTruthy();
    cleanup();
    show({ status: "expired", payment: null });
    expect(screen.getByText(RECEIPT_TEXTS.expired)).toBeTruthy();
  });

  it("shows a payment found after the expiry", () => {
    const note = "Paid 0.35 SOL after it expired (tx 5UfgJ5vV...GVyx)";
    show({ status: "expired", payment: null, note, transactionId: "5UfgJ5vV".padEnd(88, "x") });
    expect(screen.getByText(RECEIPT_TEXTS.expiredPaidLate)).toBeTruthy();
    expect(screen.getByText(`${note}.`)).toBeTruthy();
    expect(screen.queryByText(RECEIPT_TEXTS.expired)).toBeNull();
  });

  it("sends a pasted signature, and shows the server's refusal under the field", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ message: "This transaction ID has already been used for another submission." }),
          { status: 409, headers: { "content-type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    show({});
    fireEvent.change(screen.getByLabelText("Transaction ID"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Check this transaction" }));
    expect(screen.getByText("Please enter a valid transaction ID")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Transaction ID"), {
      target: { value: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9C" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check this transaction" }));
    await waitFor(() =>
      expect(
        screen.getByText("This transaction ID has already been used for another submission."),
      ).toBeTruthy(),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/submissions/AbCdEfGhIjKlMnOpQrStUv/transaction",
      expect.objectContaining({ method: "POST" }),
    );
  });
});
