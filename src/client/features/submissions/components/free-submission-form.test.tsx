// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/client/lib/use-toast";
import { SUBMISSION_MESSAGES } from "@/common/submission";
import { formInUse } from "../lazy-form-in-use";
import { jsonResponse, Providers, settle, stubFetch, watchToasts } from "../test-utils";
import { FreeSubmissionForm } from "./free-submission-form";

const M = SUBMISSION_MESSAGES;
const UPLOADED = `/api/images/${"ab".repeat(32)}`;

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function renderForm(onSubmitted = vi.fn()) {
  render(
    <Providers>
      <FreeSubmissionForm onSubmitted={onSubmitted} />
    </Providers>,
  );
  return onSubmitted;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Submit Headline" }));
  });
  await settle();
}

function chooseFile(file: File) {
  const input = screen.getByTestId("image-file-input");
  fireEvent.change(input, { target: { files: [file] } });
}

function fillValidText() {
  type("Headline", "  Dog Elected Mayor  ");
  type("Description", "A small town elected a golden retriever as its mayor.");
  type("Telegram URL", "https://t.me/dogmayor");
  fireEvent.click(screen.getByRole("checkbox"));
}

// The schemas load on the form's first focus (lazy-form-in-use.ts); these tests submit without focusing.
beforeAll(() => formInUse.preload());

describe("FreeSubmissionForm", () => {
  it("shows each message under its field, marks it invalid, focuses the first and raises 'Image required'", async () => {
    const calls = stubFetch({});
    const toasts = watchToasts();
    renderForm();
    type("Headline", "Hi");
    type("Description", "Too short");
    type("Telegram URL", "t.me/nope");
    await submit();

    for (const [label, message] of [
      ["Headline", M.titleMin],
      ["Description", M.descriptionMin],
      ["Telegram URL", M.articleUrl],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const error = document.getElementById(`${field.id}-error`);
      expect(error?.textContent).toBe(message);
      expect(error?.getAttribute("role")).toBe("alert");
      expect(field.getAttribute("aria-describedby")).toContain(`${field.id}-error`);
    }
    expect(screen.getByText(M.terms)).toBeTruthy();
    expect(screen.getByRole("checkbox").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(M.imageRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Headline"));
    expect(toasts()).toEqual([{ title: "Image required", text: M.imageRequired }]);
    expect(calls).toHaveLength(0);
  });

  it("counts the description's characters", () => {
    renderForm();
    expect(screen.getByText("0/500 characters (at least 20).")).toBeTruthy();
    type("Description", "Twelve chars");
    expect(screen.getByText("12/500 characters (at least 20).")).toBeTruthy();
  });

  it("refuses a file of another type before uploading it", async () => {
    const calls = stubFetch({});
    const toasts = watchToasts();
    renderForm();
    chooseFile(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    await settle();
    expect(toasts()).toEqual([
      { title: "Invalid file type", text: "Only JPG, PNG, WebP, and GIF images are allowed." },
    ]);
    expect(screen.getByText("Only .jpg, .jpeg, .png, .webp, and .gif formats are supported")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("refuses a file over 5 MB before uploading it, saying its size", async () => {
    const calls = stubFetch({});
    const toasts = watchToasts();
    renderForm();
    const big = new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" });
    chooseFile(big);
    await settle();
    expect(toasts()).toEqual([
      { title: "File too large", text: "Maximum file size is 5MB. Your file is 6.00 MB." },
    ]);
    expect(calls).toHaveLength(0);
  });

  it("uploads a chosen image, previews it and sends its address without the terms flag", async () => {
    const calls = stubFetch({
      "/api/upload": () => jsonResponse(200, { imageUrl: UPLOADED }),
      "/api/headlines": () => jsonResponse(201, { id: 7, message: "Submission received!" }),
    });
    const toasts = watchToasts();
    const onSubmitted = renderForm();
    chooseFile(new File([new Uint8Array([137, 80, 78, 71])], "dog.png", { type: "image/png" }));
    await settle();

    expect(calls[0]?.path).toBe("/api/upload");
    const sent = calls[0]?.init?.body as FormData;
    expect((sent.get("file") as File).name).toBe("dog.png");
    expect(screen.getByRole("img", { name: "Preview of your upload" }).getAttribute("src")).toBe(UPLOADED);
    expect(toasts()).toEqual([
      { title: "Image uploaded", text: "Your image has been uploaded successfully." },
    ]);

    fillValidText();
    await submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ id: 7, message: "Submission received!" }));
    expect(calls[1]?.path).toBe("/api/headlines");
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      title: "Dog Elected Mayor",
      description: "A small town elected a golden retriever as its mayor.",
      imageUrl: UPLOADED,
      articleUrl: "https://t.me/dogmayor",
    });
  });

  it("says why an upload failed, in the server's words", async () => {
    stubFetch({ "/api/upload": () => jsonResponse(400, { message: "The image could not be read." }) });
    const toasts = watchToasts();
    renderForm();
    chooseFile(new File([new Uint8Array([1, 2, 3])], "broken.png", { type: "image/png" }));
    await settle();
    expect(toasts()).toEqual([{ title: "Upload failed", text: "The image could not be read." }]);
    expect(screen.queryByRole("img", { name: "Preview of your upload" })).toBeNull();
  });

  it("accepts an image URL instead of an upload, and removing an upload brings the choice back", async () => {
    stubFetch({ "/api/upload": () => jsonResponse(200, { imageUrl: UPLOADED }) });
    renderForm();
    chooseFile(new File([new Uint8Array([1])], "dog.png", { type: "image/png" }));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Remove Image" }));
    expect(screen.queryByRole("img", { name: "Preview of your upload" })).toBeNull();
    expect((screen.getByLabelText("Image URL") as HTMLInputElement).value).toBe("");
  });

  it("shows a refused submission's message as a toast and under the field it names", async () => {
    stubFetch({
      "/api/headlines": () => jsonResponse(400, { message: M.titleMin, errors: { title: M.titleMin } }),
    });
    const toasts = watchToasts();
    const onSubmitted = renderForm();
    fillValidText();
    type("Image URL", "https://cdn.example.com/dog.png");
    await submit();
    expect(toasts()).toEqual([{ title: "Submission failed", text: M.titleMin }]);
    expect(screen.getByLabelText("Headline").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("falls back to 'Please try again later.' when the network fails", async () => {
    stubFetch({});
    const toasts = watchToasts();
    renderForm();
    fillValidText();
    type("Image URL", "https://cdn.example.com/dog.png");
    await submit();
    expect(toasts()).toEqual([{ title: "Submission failed", text: "Please try again later." }]);
  });
});
