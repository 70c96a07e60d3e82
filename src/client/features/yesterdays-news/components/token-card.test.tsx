// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import type { Headline } from "@/common/headline";
import { sampleHeadline } from "@/common/testing/headlines";
import { TokenCard } from "./token-card";

const TOKEN: Headline = sampleHeadline({
  id: 41,
  title: "Frog Wins Chess Cup",
  description: "The frog never blinked.",
  submittedBy: "admin",
  votes: 3,
  isWinner: true,
  launchStatus: "launched",
  contractAddress: "So11111111111111111111111111111111111111112",
});

type Call = { method: string; url: string; body: unknown };

function stubApi(answers: Record<string, () => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
    const answer = answers[`${method} ${url}`];
    return answer ? answer() : json(500, { message: "unexpected call" });
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The page's part: one card in edit mode at a time. */
function Harness({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <TokenCard
      token={TOKEN}
      siteName="Meme Gazette"
      canEdit={canEdit}
      editing={editing}
      onEditingChange={setEditing}
    />
  );
}

function renderCard(canEdit: boolean) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.yesterdaysNews, [TOKEN]);
  const toasts = renderHook(() => useToast());
  render(
    <QueryClientProvider client={queryClient}>
      <Harness canEdit={canEdit} />
    </QueryClientProvider>,
  );
  return { queryClient, toasts };
}

async function openEditor() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: `Edit ${TOKEN.title}` }));
  });
  // The form is its own chunk, loaded for staff only (already in the module cache: see beforeAll).
  await screen.findByLabelText("Token Name", {}, { timeout: 5_000 });
}

// The lazy form's first import transforms the module and its dependencies, which can take seconds on a
// busy machine; the tests are about the form, not about how long that takes.
beforeAll(async () => {
  await import("./token-edit-form");
}, 30_000);

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe("TokenCard edit", () => {
  it("has no pencil for a visitor", () => {
    renderCard(false);
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
  });

  it("opens a form prefilled with the token, symbol empty when there is none, and Cancel leaves", async () => {
    renderCard(true);
    await openEditor();
    expect((screen.getByLabelText("Token Name") as HTMLInputElement).value).toBe(TOKEN.title);
    expect((screen.getByLabelText("Token Symbol") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Description") as HTMLTextAreaElement).value).toBe(TOKEN.description);
    expect(screen.getByLabelText("Token Image").getAttribute("accept")).toContain("image/png");
    // react-hook-form focuses on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Token Name")));

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(screen.queryByLabelText("Token Name")).toBeNull();
    expect(screen.getByText(TOKEN.description)).toBeTruthy();
  });

  it("uploads a chosen image and saves it with the other fields", async () => {
    const imageUrl = `/api/images/${"a".repeat(64)}`;
    const calls = stubApi({
      "POST /api/upload": () => json(200, { imageUrl }),
      [`PUT /api/admin/headlines/${TOKEN.id}`]: () =>
        json(200, { ...TOKEN, title: "Frog Keeps Chess Cup", symbol: "FROG", imageUrl, transactionId: null }),
      "GET /api/yesterdays-news": () =>
        json(200, [{ ...TOKEN, title: "Frog Keeps Chess Cup", symbol: "FROG" }]),
    });
    const { toasts } = renderCard(true);
    await openEditor();

    const file = new File([new Uint8Array([137, 80, 78, 71])], "frog.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Token Image"), { target: { files: [file] } });
    });
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Image uploaded"));
    expect(toasts.result.current.toasts[0]?.description).toBe("Token image has been uploaded successfully.");
    expect(calls[0]?.body).toBeInstanceOf(FormData);

    fireEvent.change(screen.getByLabelText("Token Name"), { target: { value: "Frog Keeps Chess Cup" } });
    fireEvent.change(screen.getByLabelText("Token Symbol"), { target: { value: "FROG" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });

    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Token updated"));
    expect(toasts.result.current.toasts[0]?.description).toBe(
      "The token information has been successfully updated.",
    );
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      title: "Frog Keeps Chess Cup",
      symbol: "FROG",
      imageUrl,
      description: TOKEN.description,
    });
    expect(screen.queryByLabelText("Token Name")).toBeNull();
  });

  it("stays in edit mode with the server's message when saving fails", async () => {
    stubApi({
      [`PUT /api/admin/headlines/${TOKEN.id}`]: () =>
        json(400, { message: "Title must be at most 100 characters" }),
    });
    const { toasts } = renderCard(true);
    await openEditor();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Update failed"));
    expect(toasts.result.current.toasts[0]?.description).toBe("Title must be at most 100 characters");
    expect(screen.getByLabelText("Token Name")).toBeTruthy();
  });

  it("says 'Upload failed' with the server's message, or 'Failed to upload image' when there is none", async () => {
    stubApi({
      "POST /api/upload": () => json(415, { message: "Only JPG, PNG, WebP, and GIF images are allowed." }),
    });
    const { toasts } = renderCard(true);
    await openEditor();
    const file = new File([new Uint8Array([1])], "frog.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Token Image"), { target: { files: [file] } });
    });
    await waitFor(() => expect(toasts.result.current.toasts[0]?.title).toBe("Upload failed"));
    expect(toasts.result.current.toasts[0]?.description).toBe(
      "Only JPG, PNG, WebP, and GIF images are allowed.",
    );

    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    act(() => dismissToast());
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Token Image"), { target: { files: [file] } });
    });
    await waitFor(() => expect(toasts.result.current.toasts[0]?.description).toBe("Failed to upload image"));
  });

  it("refuses a file that is not an image before uploading", async () => {
    const calls = stubApi({});
    const { toasts } = renderCard(true);
    await openEditor();
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Token Image"), { target: { files: [file] } });
    });
    expect(toasts.result.current.toasts[0]?.title).toBe("Invalid file type");
    expect(calls).toEqual([]);
  });
});
