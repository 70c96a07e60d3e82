// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { avatarUrl } from "@/common/images";
import { HeadlineImage } from "./headline-image";

afterEach(cleanup);

describe("HeadlineImage (issue 31: one look everywhere for a headline without a picture)", () => {
  it("draws the initials avatar for a headline without a picture, as every other screen does", () => {
    render(<HeadlineImage src={null} alt="Pigeons Unionize" />);
    const img = screen.getByRole("img", { name: "Pigeons Unionize" });
    expect(img.getAttribute("src")).toBe(avatarUrl("Pigeons Unionize"));
    expect(screen.queryByText("NO PICTURE")).toBeNull();
  });

  it("walks from a broken picture to the avatar, then to the placeholder", () => {
    render(<HeadlineImage src="https://cdn.example.com/gone.png" alt="Pigeons Unionize" />);
    fireEvent.error(screen.getByRole("img", { name: "Pigeons Unionize" }));
    const avatar = screen.getByRole("img", { name: "Pigeons Unionize" });
    expect(avatar.getAttribute("src")).toBe(avatarUrl("Pigeons Unionize"));
    fireEvent.error(avatar);
    expect(screen.getByRole("img", { name: "Image unavailable" })).toBeTruthy();
  });

  it("names the avatar after the headline when the picture itself has no text", () => {
    render(<HeadlineImage src={null} alt="" name="Pigeons Unionize" />);
    expect(document.querySelector("img")?.getAttribute("src")).toBe(avatarUrl("Pigeons Unionize"));
  });
});
