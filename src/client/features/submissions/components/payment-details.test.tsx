// @vitest-environment happy-dom
import type { UseQueryResult } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/client/lib/use-toast";
import type { PaymentInfo } from "@/common/settings";
import { settle, watchToasts } from "../test-utils";
import { ADDRESS_NOT_CONFIGURED, PaymentDetails } from "./payment-details";

const ADDRESS = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function loaded(data: PaymentInfo) {
  return { isPending: false, isError: false, data } as UseQueryResult<PaymentInfo>;
}

describe("PaymentDetails", () => {
  it("shows the price, the notice, the address with Copy, the three steps and the explorer link", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const toasts = watchToasts();
    render(<PaymentDetails payment={loaded({ submissionPrice: 0.35, paymentAddress: ADDRESS })} />);

    expect(screen.getByTestId("submission-price").textContent).toBe("0.35 SOL");
    expect(screen.getByText("Payment Required")).toBeTruthy();
    expect(screen.getByTestId("payment-address").textContent).toBe(ADDRESS);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByText("Fill in the form below and send it.")).toBeTruthy();
    expect(screen.getByText(/^Pay 0.35 SOL on the next screen/)).toBeTruthy();
    const explorer = screen.getByRole("link", { name: /View Address on Solscan/ });
    expect(explorer.getAttribute("href")).toBe(`https://solscan.io/account/${ADDRESS}`);
    expect(explorer.getAttribute("target")).toBe("_blank");
    expect(explorer.getAttribute("rel")).toContain("noopener");

    fireEvent.click(screen.getByRole("button", { name: "Copy payment address" }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(toasts()).toEqual([{ title: "Copied!", text: "Address copied to clipboard" }]);
  });

  it("says so when no payment address is configured, with nothing to copy or look up", () => {
    render(<PaymentDetails payment={loaded({ submissionPrice: 0.35, paymentAddress: "" })} />);
    expect(screen.getByText(ADDRESS_NOT_CONFIGURED)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy payment address" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Solscan/ })).toBeNull();
  });

  it("shows a loading state, and an error state with a way to try again", () => {
    const { rerender } = render(
      <PaymentDetails payment={{ isPending: true } as UseQueryResult<PaymentInfo>} />,
    );
    expect(screen.getByRole("status").textContent).toContain("Loading payment details");

    const refetch = vi.fn();
    rerender(
      <PaymentDetails
        payment={
          {
            isPending: false,
            isError: true,
            isFetching: false,
            refetch,
          } as unknown as UseQueryResult<PaymentInfo>
        }
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("Payment details unavailable");
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(refetch).toHaveBeenCalled();
  });
});
