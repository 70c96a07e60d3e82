import { describe, expect, it } from "vitest";
import { parseEasternDateTime } from "./eastern-time";

describe("parseEasternDateTime", () => {
  it("reads the inputs as Eastern wall-clock time in winter (EST, UTC-5)", () => {
    expect(parseEasternDateTime("2026-01-12", "19:00")).toEqual({
      ok: true,
      launch: new Date("2026-01-13T00:00:00.000Z"),
    });
  });

  it("reads the inputs as Eastern wall-clock time in summer (EDT, UTC-4)", () => {
    expect(parseEasternDateTime("2026-07-13", "19:00")).toEqual({
      ok: true,
      launch: new Date("2026-07-13T23:00:00.000Z"),
    });
  });

  it("asks for both fields", () => {
    expect(parseEasternDateTime("", "19:00")).toEqual({ ok: false, reason: "Missing Date/Time" });
    expect(parseEasternDateTime("2026-01-12", " ")).toEqual({ ok: false, reason: "Missing Date/Time" });
  });

  it("refuses a day that does not exist instead of rolling it into March", () => {
    expect(parseEasternDateTime("2026-02-30", "19:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });

  it("refuses a time skipped by the spring-forward change", () => {
    expect(parseEasternDateTime("2026-03-08", "02:30")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });

  it("reads the hour repeated by the November change as its first (EDT) pass", () => {
    expect(parseEasternDateTime("2026-11-01", "01:30")).toEqual({
      ok: true,
      launch: new Date("2026-11-01T05:30:00.000Z"),
    });
  });

  it("refuses malformed text", () => {
    expect(parseEasternDateTime("12/01/2026", "19:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
    expect(parseEasternDateTime("2026-01-12", "25:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });
});
