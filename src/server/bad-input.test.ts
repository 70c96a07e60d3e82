/**
 * Bad input gets a clear 400 and changes nothing, never a 500 (issue 11): NUL bytes, control, invisible and
 * text-direction characters in every text field, ids that are not plain positive integers, and dates the
 * database cannot hold. On PGlite and, in the "postgres" project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MARKS_PER_LETTER, TEXT_MESSAGES } from "@/common/text";
import { accounts, archiveEntries, headlines, notifications, settings } from "./db/schema";
import { staffSessions, withSession } from "./features/accounts/test-accounts";
import { createHeadline } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await staffSessions(t.app, t.db));
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterAll(() => t.close());

type Method = "POST" | "PUT" | "GET" | "DELETE";
const send = (method: Method, url: string, payload?: unknown, session?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    cookies: { mg_visitor: "badinputvisitor0000000", ...(session ? withSession(session) : {}) },
    remoteAddress: "203.0.113.50",
  });

const free = {
  title: "Frog buys the moon",
  description: "A frog bought the moon for one SOL and a pond.",
  imageUrl: "https://cdn.example.com/frog.png",
};
const paid = {
  ...free,
  submittedBy: "Pond Labs",
  launchStatus: "upcoming",
  transactionId: "5h6xBEauJ3PK6SWCbadinput",
};
const tokenHeadline = {
  title: "Frog Coin",
  description: "A frog on the moon.",
  symbol: "FROG",
  contractAddress: "7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr",
};

/** Every text field a visitor or staff member sends, with a valid body around it. */
const FIELDS: Array<{
  name: string;
  method: Method;
  url: string;
  body: object;
  field: string;
  staff?: true;
}> = [
  { name: "free title", method: "POST", url: "/api/headlines", body: free, field: "title" },
  { name: "free description", method: "POST", url: "/api/headlines", body: free, field: "description" },
  { name: "free image URL", method: "POST", url: "/api/headlines", body: free, field: "imageUrl" },
  { name: "free article URL", method: "POST", url: "/api/headlines", body: free, field: "articleUrl" },
  {
    name: "paid name",
    method: "POST",
    url: "/api/headlines/paid-submission",
    body: paid,
    field: "submittedBy",
  },
  {
    name: "paid transaction id",
    method: "POST",
    url: "/api/headlines/paid-submission",
    body: paid,
    field: "transactionId",
  },
  { name: "login username", method: "POST", url: "/api/login", body: { password: "x" }, field: "username" },
  {
    name: "staff username",
    method: "POST",
    url: "/api/admin/register-staff",
    body: { password: "a-long-password-1" },
    field: "username",
    staff: true,
  },
  {
    name: "token title",
    method: "POST",
    url: "/api/headlines",
    body: tokenHeadline,
    field: "title",
    staff: true,
  },
  {
    name: "token symbol",
    method: "POST",
    url: "/api/headlines",
    body: tokenHeadline,
    field: "symbol",
    staff: true,
  },
  {
    name: "token description",
    method: "POST",
    url: "/api/headlines",
    body: tokenHeadline,
    field: "description",
    staff: true,
  },
  {
    name: "token chart URL",
    method: "POST",
    url: "/api/headlines",
    body: tokenHeadline,
    field: "chartUrl",
    staff: true,
  },
  {
    name: "notification",
    method: "POST",
    url: "/api/admin/notifications",
    body: {},
    field: "message",
    staff: true,
  },
  {
    name: "imported headline title",
    method: "POST",
    url: "/api/headlines/import",
    body: { url: "https://news.example.com/a" },
    field: "title",
    staff: true,
  },
  {
    name: "imported headline URL",
    method: "POST",
    url: "/api/headlines/import",
    body: { title: "Frogs everywhere" },
    field: "url",
    staff: true,
  },
  {
    name: "imported token source",
    method: "POST",
    url: "/api/tokens/import",
    body: { contractAddress: tokenHeadline.contractAddress },
    field: "source",
    staff: true,
  },
];

const VALUE: Record<string, string> = {
  title: "Frog buys the moon",
  description: "A frog bought the moon for one SOL and a pond.",
  imageUrl: "https://cdn.example.com/frog.png",
  articleUrl: "https://t.me/frognews",
  chartUrl: "https://dexscreener.com/solana/frog",
  url: "https://news.example.com/a",
  submittedBy: "Pond Labs",
  transactionId: "5h6xBEauJ3PK6SWCbadinput",
  username: "editor",
  symbol: "FROG",
  message: "Frogs are back",
  source: "Pond Times",
};

async function storedCounts() {
  const [h, a, n, e] = await Promise.all([
    t.db.select().from(headlines),
    t.db.select().from(accounts),
    t.db.select().from(notifications),
    t.db.select().from(archiveEntries),
  ]);
  return { headlines: h.length, accounts: a.length, notifications: n.length, archive: e.length };
}

describe("text with a NUL byte", () => {
  it.each(FIELDS)("refuses it in the $name with 400, storing nothing", async (f) => {
    const before = await storedCounts();
    const value = VALUE[f.field] as string;
    const middle = value.length >> 1;
    const payload = { ...f.body, [f.field]: `${value.slice(0, middle)}\u0000${value.slice(middle)}` };
    const res = await send(f.method, f.url, payload, f.staff ? admin : undefined);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses it in the password of a login with 400 or 401, never 500", async () => {
    const res = await send("POST", "/api/login", { username: "admin", password: "admin\u0000password" });
    expect([400, 401]).toContain(res.statusCode);
  });
});

const SINGLE_LINE = [
  { name: "title", url: "/api/headlines", body: free, field: "title", label: "Headline" },
  {
    name: "name",
    url: "/api/headlines/paid-submission",
    body: paid,
    field: "submittedBy",
    label: "Name or organization",
  },
  {
    name: "symbol",
    url: "/api/headlines",
    body: tokenHeadline,
    field: "symbol",
    label: "Symbol",
    staff: true,
  },
  { name: "username", url: "/api/login", body: { password: "x" }, field: "username", label: "Username" },
] as const;

const HIDDEN = [
  ["a right-to-left override", "\u202E"],
  ["a left-to-right embedding", "\u202A"],
  ["a first-strong isolate", "\u2068"],
  ["a pop directional isolate", "\u2069"],
  ["a zero-width space", "\u200B"],
  ["a zero-width non-joiner", "\u200C"],
  ["a zero-width joiner outside an emoji", "\u200D"],
  ["a word joiner", "\u2060"],
  ["a byte-order mark", "\uFEFF"],
  ["a soft hyphen", "\u00AD"],
  ["a Hangul choseong filler", "\u115F"],
  ["a Hangul jungseong filler", "\u1160"],
  ["a Hangul filler", "\u3164"],
  ["a halfwidth Hangul filler", "\uFFA0"],
  ["a Mongolian vowel separator", "\u180E"],
  ["tag characters spelling hidden text", "\u{E0068}\u{E0069}"],
  ["a cancel tag", "\u{E007F}"],
  // Issue 28: every other default-ignorable or format character too.
  ["a combining grapheme joiner", "\u034F"],
  ["a Khmer inherent vowel", "\u17B4"],
  ["an invisible plus", "\u2064"],
  ["an interlinear annotation anchor", "\uFFF9"],
  ["a musical begin-beam format character", "\u{1D173}"],
] as const;

/** Not characters at all (issue 20): they made a stored title break /feed.xml. */
const NONCHARACTERS = [
  ["U+FFFE", "\uFFFE"],
  ["U+FFFF", "\uFFFF"],
  ["U+FDD0", "\uFDD0"],
  ["U+FDEF", "\uFDEF"],
  ["U+1FFFF", "\u{1FFFF}"],
  ["U+10FFFE", "\u{10FFFE}"],
  ["a lone high surrogate", "\uD800"],
  ["a lone low surrogate", "\uDFFF"],
] as const;

const CONTROL = [
  ["a tab", "\t"],
  ["a line feed", "\n"],
  ["an escape", "\u001B"],
  ["a delete", "\u007F"],
  ["a C1 control", "\u0085"],
] as const;

describe("titles, names, symbols and usernames", () => {
  for (const f of SINGLE_LINE) {
    it.each(HIDDEN)(`refuses ${f.name}s with %s: 400 with a clear message`, async (_, char) => {
      const before = await storedCounts();
      const value = VALUE[f.field] as string;
      const res = await send(
        "POST",
        f.url,
        { ...f.body, [f.field]: `${value.slice(0, 2)}${char}${value.slice(2)}` },
        "staff" in f ? admin : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`${f.label} ${TEXT_MESSAGES.invisible}`);
      expect(await storedCounts()).toEqual(before);
    });

    it.each(NONCHARACTERS)(`refuses ${f.name}s with %s: 400 with a clear message`, async (_, char) => {
      const before = await storedCounts();
      const value = VALUE[f.field] as string;
      const res = await send(
        "POST",
        f.url,
        { ...f.body, [f.field]: `${value.slice(0, 2)}${char}${value.slice(2)}` },
        "staff" in f ? admin : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`${f.label} ${TEXT_MESSAGES.noncharacter}`);
      expect(await storedCounts()).toEqual(before);
    });

    it.each(CONTROL)(`refuses ${f.name}s with %s inside: 400 with a clear message`, async (_, char) => {
      const value = VALUE[f.field] as string;
      const res = await send(
        "POST",
        f.url,
        { ...f.body, [f.field]: `${value.slice(0, 2)}${char}${value.slice(2)}` },
        "staff" in f ? admin : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`${f.label} ${TEXT_MESSAGES.control}`);
    });
  }

  it("accepts emoji joined into one (a family), accents and other scripts", async () => {
    const res = await send("POST", "/api/headlines", {
      ...free,
      title: "Frogs 👨‍👩‍👧 café 日本 🐸 ❤️ 1️⃣ Việt",
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it(`refuses a letter with more than ${MAX_MARKS_PER_LETTER} marks on it in every title: submissions, tokens and staff edits`, async () => {
    const zalgo = `Fro${"\u0301\u0308\u0323".repeat(30)}g buys the moon`;
    const before = await storedCounts();
    for (const [url, body, label, session] of [
      ["/api/headlines", free, "Headline", undefined],
      ["/api/headlines/paid-submission", paid, "Headline", undefined],
      ["/api/headlines", tokenHeadline, "Title", admin],
    ] as const) {
      const res = await send("POST", url, { ...body, title: zalgo }, session);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(`${label} ${TEXT_MESSAGES.marks}`);
    }
    expect(await storedCounts()).toEqual(before);
    const h = await createHeadline(t.db, { title: "Frog buys the moon" });
    for (const title of [zalgo, "Frog\u2064 buys the moon", "Frog \u{1D173}buys"]) {
      const edit = await send("PUT", `/api/admin/headlines/${h.id}`, { title }, admin);
      expect(edit.statusCode, title).toBe(400);
      expect(edit.json().message).toMatch(/^Title must not /);
    }
  });

  it("accepts line breaks and tabs in a description, and stores them", async () => {
    const description = "Line one of the story.\r\nLine two,\tindented.\n\nThe end.";
    const res = await send("POST", "/api/headlines", { ...free, description });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = (await t.db.select().from(headlines)).filter((h) => h.id === res.json().id);
    expect(row?.description).toBe(description);
  });

  it("refuses a noncharacter and a tag character in a description too", async () => {
    for (const [char, problem] of [
      ["\uFFFF", "noncharacter"],
      ["\u{E0041}", "invisible"],
    ] as const) {
      const res = await send("POST", "/api/headlines", {
        ...free,
        description: `${free.description}${char}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Description ${TEXT_MESSAGES[problem]}`);
    }
  });

  it("refuses a right-to-left override in a description too", async () => {
    const res = await send("POST", "/api/headlines", {
      ...free,
      description: `${free.description}\u202Egnp.exe`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Description ${TEXT_MESSAGES.invisible}`);
  });
});

describe("ids", () => {
  const NOT_IDS: unknown[] = [[2], "0x3", " 4 ", "5e0", true, "3", 2.5, 0, -1, 2_147_483_648, null, {}];

  it.each(NOT_IDS.map((id) => [JSON.stringify(id), id]))(
    "refuses %s as a headline id in a JSON body: 400, no vote",
    async (_, headlineId) => {
      const res = await send("POST", "/api/vote", { headlineId });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("Invalid headline id");
    },
  );

  const NOT_PATH_IDS = [
    "0x3",
    "%204%20",
    "5e0",
    "+6",
    "-1",
    "0",
    "1.0",
    "2147483648",
    "99999999999999999999",
    "%5B2%5D",
    "true",
  ];

  it.each(NOT_PATH_IDS)("refuses /api/community-vote/%s: 400", async (id) => {
    const res = await send("POST", `/api/community-vote/${id}`, { voteType: "buy" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("Invalid headline id");
  });

  it.each(NOT_PATH_IDS)("refuses /api/admin/headlines/%s/approve: 400, nothing approved", async (id) => {
    const res = await send("POST", `/api/admin/headlines/${id}/approve`, undefined, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("Invalid id");
  });

  it("accepts a plain id in the path and in the body", async () => {
    const h = await createHeadline(t.db, { title: "An id that is an id" });
    expect((await send("POST", "/api/vote", { headlineId: h.id })).statusCode).toBe(200);
    expect(
      (await send("POST", `/api/admin/headlines/${h.id}/toggle-todays`, undefined, admin)).statusCode,
    ).toBe(200);
  });

  it("checks payment ids the same way", async () => {
    const res = await send("POST", "/api/admin/headlines/0x3/check-payment", undefined, admin);
    expect(res.statusCode).toBe(400);
  });
});

describe("settings dates", () => {
  const good = { launchTime: "2030-01-02T03:00:00.000Z", votingEndTime: "2030-01-02T01:00:00.000Z" };

  it.each([
    ["a launch in year 0000", { ...good, launchTime: "0000-01-02T03:00:00.000Z" }],
    ["a vote end in year 0000", { ...good, votingEndTime: "0000-01-02T01:00:00.000Z" }],
    ["both in year 0001", { launchTime: "0001-01-02T03:00:00Z", votingEndTime: "0001-01-02T01:00:00Z" }],
    ["a currentDay of 0000-01-01", { ...good, currentDay: "0000-01-01" }],
    ["a far-future time offset past the year", { ...good, launchTime: "9999-12-31T23:00:00-05:00" }],
  ])("refuses %s with 400 and keeps the settings", async (_, body) => {
    const [before] = await t.db.select().from(settings);
    const res = await send("PUT", "/api/admin/settings", body, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/Invalid Date\/Time|currentDay/);
    expect((await t.db.select().from(settings))[0]).toEqual(before);
  });

  it("refuses a notification expiring in year 0000", async () => {
    const res = await send(
      "POST",
      "/api/admin/notifications",
      { message: "Hi", expiresAt: "0000-01-01T00:00:00Z" },
      admin,
    );
    expect(res.statusCode).toBe(400);
  });

  it("still accepts real times", async () => {
    const res = await send("PUT", "/api/admin/settings", good, admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});
