import { describe, expect, it } from "vitest";
import { parseCentralDateTime } from "./central-time";

describe("parseCentralDateTime", () => {
  it("reads the inputs as Central wall-clock time in winter (CST, UTC-6)", () => {
    expect(parseCentralDateTime("2026-01-12", "19:00")).toEqual({
      ok: true,
      launch: new Date("2026-01-13T01:00:00.000Z"),
    });
  });

  it("reads the inputs as Central wall-clock time in summer (CDT, UTC-5)", () => {
    expect(parseCentralDateTime("2026-07-13", "19:00")).toEqual({
      ok: true,
      launch: new Date("2026-07-14T00:00:00.000Z"),
    });
  });

  it("asks for both fields", () => {
    expect(parseCentralDateTime("", "19:00")).toEqual({ ok: false, reason: "Missing Date/Time" });
    expect(parseCentralDateTime("2026-01-12", " ")).toEqual({ ok: false, reason: "Missing Date/Time" });
  });

  it("refuses a day that does not exist instead of rolling it into March", () => {
    expect(parseCentralDateTime("2026-02-30", "19:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });

  it("refuses a time skipped by the spring-forward change", () => {
    expect(parseCentralDateTime("2026-03-08", "02:30")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });

  it("refuses malformed text", () => {
    expect(parseCentralDateTime("12/01/2026", "19:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
    expect(parseCentralDateTime("2026-01-12", "25:00")).toEqual({ ok: false, reason: "Invalid Date/Time" });
  });
});
