import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PreparedStatement } from "./connect";
import { GROUP_COMMIT_MAX, pglitePrepared } from "./pglite-prepared";

// A statement that writes and answers, as cast_vote does: it fails (a division by zero) when asked to.
const RECORD: PreparedStatement = {
  name: "test_record",
  text: "INSERT INTO ledger (label, share) VALUES ($1, 1 / $2::int) RETURNING id, label",
  groupCommit: true,
};
const RECORD_ALONE: PreparedStatement = { ...RECORD, name: "test_record_alone", groupCommit: false };

describe("PGlite prepared statements, group commit (decision 020)", () => {
  let client: PGlite;
  let run: ReturnType<typeof pglitePrepared>["run"];
  let exchanges: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec("CREATE TABLE ledger (id serial PRIMARY KEY, label text NOT NULL, share int NOT NULL)");
    run = pglitePrepared(client).run;
    // Prepared once before counting: a statement's Parse and Describe are an exchange of their own.
    await run(RECORD, ["warm", 1]);
    await run(RECORD_ALONE, ["warm", 1]);
    exchanges = vi.spyOn(client, "execProtocol");
  });
  afterAll(() => client.close());
  beforeEach(async () => {
    await client.exec("TRUNCATE ledger");
    exchanges.mockClear();
  });

  /** Holds the connection in a transaction, as a request elsewhere would, until `release` is called. */
  const holdConnection = async () => {
    let release = () => {};
    let started = () => {};
    const began = new Promise<void>((resolve) => (started = resolve));
    const done = client.transaction(() => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await began;
    return {
      release: async () => {
        release();
        await done;
      },
    };
  };

  /** How many statements an exchange carried: its Bind messages ('B' and a length, then the body). */
  const bindsIn = (message: Uint8Array) => {
    let binds = 0;
    for (
      let at = 0;
      at < message.length;
      at += 1 + new DataView(message.buffer, message.byteOffset + at + 1).getInt32(0)
    )
      if (message[at] === 0x42) binds++;
    return binds;
  };

  const labels = async () =>
    (await client.query<{ label: string }>("SELECT label FROM ledger ORDER BY label")).rows.map(
      (r) => r.label,
    );

  it("sends the statements that arrive while the connection is busy in one exchange, each answered its own rows", async () => {
    // Twenty statements arrive while the connection is busy.
    const held = await holdConnection();
    const answers = Array.from({ length: 20 }, (_, i) => run<{ label: string }>(RECORD, [`v${i}`, 1]));
    await held.release();

    const rows = await Promise.all(answers);
    expect(rows.map((r) => r.map((row) => row.label))).toEqual(
      Array.from({ length: 20 }, (_, i) => [`v${i}`]),
    );
    expect(exchanges).toHaveBeenCalledTimes(1);
    expect(await labels()).toHaveLength(20);
  });

  it("sends the first statement of a turn of the event loop at once, and the others of that turn together", async () => {
    // PGlite answers on this thread: requests read in one turn are the only company a vote can have.
    const answers = Array.from({ length: 5 }, (_, i) => run<{ label: string }>(RECORD, [`t${i}`, 1]));
    expect((await Promise.all(answers)).map(([row]) => row?.label)).toEqual(["t0", "t1", "t2", "t3", "t4"]);
    expect(exchanges).toHaveBeenCalledTimes(2);
    expect(exchanges.mock.calls.map((call: unknown[]) => bindsIn(call[0] as Uint8Array))).toEqual([1, 4]);
  });

  it("sends a waiting group before any other statement asked for after it (a page's read never overtakes the turn's votes)", async () => {
    const order: string[] = [];
    const first = run(RECORD, ["first", 1]).then(() => order.push("first"));
    const group = Promise.all([run(RECORD, ["g1", 1]), run(RECORD, ["g2", 1])]).then(() =>
      order.push("group"),
    );
    // A few microtasks later, still in the same turn: the two wait for its end, and a read asks for the
    // connection (as a page's list read does among the crowd's votes).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const read = client.query("SELECT 1").then(() => order.push("read"));
    const write = client.exec("SELECT 1").then(() => order.push("exec"));

    await Promise.all([first, group, read, write]);
    expect(order).toEqual(["first", "group", "read", "exec"]);
    // Still one group: sending it early did not split it.
    const binds = exchanges.mock.calls.map((call: unknown[]) => bindsIn(call[0] as Uint8Array));
    expect(binds.filter((n: number) => n > 0)).toEqual([1, 2]);
  });

  it("sends a statement alone when nothing arrives with it", async () => {
    const [row] = await run<{ label: string }>(RECORD, ["only", 1]);
    expect(row?.label).toBe("only");
    expect(exchanges).toHaveBeenCalledTimes(1);
  });

  it("fails only the statement that failed: the group is rolled back whole and the others run again, each once", async () => {
    const held = await holdConnection();
    const answers = ["a", "b", "bad", "c"].map((label) =>
      run(RECORD, [label, label === "bad" ? 0 : 1]).then(
        () => "ok",
        (error: Error) => error.message,
      ),
    );
    await held.release();

    expect(await Promise.all(answers)).toEqual(["ok", "ok", "division by zero", "ok"]);
    // Written once each: the group's first attempt left nothing behind.
    expect(await labels()).toEqual(["a", "b", "c"]);
  });

  it("never puts more than GROUP_COMMIT_MAX statements in one exchange", async () => {
    const held = await holdConnection();
    const count = GROUP_COMMIT_MAX + 10;
    const answers = Array.from({ length: count }, (_, i) =>
      run(RECORD, [`v${String(i).padStart(3, "0")}`, 1]),
    );
    await held.release();

    await Promise.all(answers);
    expect(exchanges.mock.calls.map((call: unknown[]) => bindsIn(call[0] as Uint8Array))).toEqual([
      1,
      GROUP_COMMIT_MAX,
      count - 1 - GROUP_COMMIT_MAX,
    ]);
    expect(await labels()).toHaveLength(count);
  });

  it("runs a statement without groupCommit alone, even when others arrive with it", async () => {
    const held = await holdConnection();
    const answers = ["x", "y", "z"].map((label) => run(RECORD_ALONE, [label, 1]));
    await held.release();

    await Promise.all(answers);
    expect(exchanges).toHaveBeenCalledTimes(3);
    expect(await labels()).toEqual(["x", "y", "z"]);
  });
});
