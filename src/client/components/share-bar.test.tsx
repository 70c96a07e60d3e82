// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { shareLinks } from "@/common/share-links";
import { ShareBar } from "./share-bar";

const TEXT = "Check out PEPE on Meme Gazette!";
const URL_TO_SHARE = "https://memegazette.example/yesterdays-news";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubNavigator(extra: Partial<Navigator>) {
  vi.stubGlobal("navigator", { ...navigator, ...extra });
}

describe("ShareBar", () => {
  it("links to X, Facebook and e-mail with the share text and URL", () => {
    render(<ShareBar text={TEXT} url={URL_TO_SHARE} subject="PEPE" />);
    const links = shareLinks({ text: TEXT, url: URL_TO_SHARE });
    expect(
      screen.getByRole("link", { name: "Share PEPE on X (opens in a new tab)" }).getAttribute("href"),
    ).toBe(links.x);
    expect(
      screen.getByRole("link", { name: "Share PEPE on Facebook (opens in a new tab)" }).getAttribute("href"),
    ).toBe(links.facebook);
    expect(screen.getByRole("link", { name: "Share PEPE by e-mail" }).getAttribute("href")).toBe(links.email);
  });

  it("opens the native share sheet with the text and URL", async () => {
    const share = vi.fn(async () => {});
    stubNavigator({ share });
    render(<ShareBar text={TEXT} url={URL_TO_SHARE} subject="PEPE" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Share PEPE with another app" }));
    });
    expect(share).toHaveBeenCalledWith({ text: TEXT, url: URL_TO_SHARE });
  });

  it("says 'Share not supported' where the browser has no share sheet", async () => {
    stubNavigator({ share: undefined });
    const toasts = renderHook(() => useToast());
    render(<ShareBar text={TEXT} url={URL_TO_SHARE} subject="PEPE" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Share PEPE with another app" }));
    });
    expect(toasts.result.current.toasts[0]?.title).toBe("Share not supported");
  });

  it("copies the link and shows 'Copied' for 3 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    stubNavigator({ clipboard: { writeText } as unknown as Clipboard });
    render(<ShareBar text={TEXT} url={URL_TO_SHARE} subject="PEPE" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy link to PEPE" }));
    });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(screen.getByRole("button", { name: "Link copied" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole("button", { name: "Link copied" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole("button", { name: "Copy link to PEPE" })).toBeTruthy();
  });
});
