import { type messages, type PGlite, protocol, types } from "@electric-sql/pglite";
import type { PreparedStatement, StatementValue } from "./connect";

/** PGlite's own locks, which its query() takes; execProtocol() takes neither. */
export interface PgliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The most statements one group commit carries: what arrives beyond it goes in the next one, so a burst
 * never makes one exchange (and every vote in it) wait for hundreds.
 */
export const GROUP_COMMIT_MAX = 64;

interface Waiting {
  statement: PreparedStatement;
  values: readonly StatementValue[];
  fields: messages.Field[];
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

const { serialize } = protocol;

const bindAndExecute = (statement: PreparedStatement, values: readonly StatementValue[]) => [
  serialize.bind({ statement: statement.name, values: values.map((v) => (v === null ? null : String(v))) }),
  serialize.execute({}),
];

/**
 * Prepared statements on PGlite's one connection, through its wire protocol: Bind, Execute and Sync in one
 * call, where client.query() makes six calls into the database (parse, describe, bind, describe, execute,
 * sync) and plans the statement again each time.
 *
 * Group commit: the first statement marked `groupCommit` in a turn of the event loop goes at once; the
 * next ones wait for the end of the turn (and for the connection, if busy), and go in one exchange: Bind and
 * Execute for each, then one Sync. Before a Sync the statements are one transaction, so the database writes
 * and commits once for all of them, and a change they all announce is announced once (a vote cost ~250 µs
 * of the database's time in groups of 25 against ~400-460 µs alone; the server's CPU per vote halved under
 * 50 connections, decision 020). A vote among other requests waits for nothing. If any of them
 * fails, the transaction is rolled back whole (nothing of the group was written) and each is run again on
 * its own, so one bad statement fails only its own caller. Every caller is answered after the commit.
 *
 * No other statement overtakes a waiting group: the client's own query(), exec() and transaction() (what
 * Drizzle and everything else call) send it first. A group waits only to gather the rest of its turn's
 * burst; once something else is about to take the connection, waiting gains nothing, and the crowd's votes
 * waited behind every page read of their turn (issue 28: the crowd's vote p99 at 1.3-2.5x the previous
 * release's, decision 021).
 */
export function pglitePrepared(client: PGlite): {
  run: <T>(statement: PreparedStatement, values: readonly StatementValue[]) => Promise<T[]>;
  /** Sends the group waiting for the end of its turn now (Database.sendWaitingGroup). */
  sendWaitingGroup: () => void;
} {
  const locks = client as unknown as PgliteLocks;
  // As client.query() does: wait until no transaction is open (a transaction's statements run between awaits,
  // and a statement sent meanwhile would run inside it), then hold the connection for one exchange.
  const exclusive = <T>(fn: () => Promise<T>) =>
    locks._runExclusiveTransaction(() => locks._runExclusiveQuery(fn));

  const columnsOf = new Map<string, Promise<messages.Field[]>>();
  const columns = (statement: PreparedStatement) => {
    let fields = columnsOf.get(statement.name);
    if (!fields) {
      const message = Buffer.concat([
        serialize.parse({ name: statement.name, text: statement.text }),
        serialize.describe({ type: "S", name: statement.name }),
        serialize.sync(),
      ]);
      fields = exclusive(() => client.execProtocol(message)).then(({ messages: answer }) => {
        const description = answer.find(
          (m): m is messages.RowDescriptionMessage => m.name === "rowDescription",
        );
        return description?.fields ?? [];
      });
      columnsOf.set(statement.name, fields);
      fields.catch(() => columnsOf.delete(statement.name));
    }
    return fields;
  };

  const rowOf = (fields: messages.Field[], m: messages.DataRowMessage) => {
    const row: Record<string, unknown> = {};
    m.fields.forEach((value, i) => {
      const field = fields[i] as messages.Field;
      row[field.name] = types.parseType(value, field.dataTypeID, client.parsers);
    });
    return row;
  };

  /** One statement alone, the connection already held: its rows, or PGlite's error thrown. */
  const runAlone = async (
    statement: PreparedStatement,
    values: readonly StatementValue[],
    fields: messages.Field[],
  ) => {
    const answer = await client.execProtocol(
      Buffer.concat([...bindAndExecute(statement, values), serialize.sync()]),
    );
    return answer.messages
      .filter((m): m is messages.DataRowMessage => m.name === "dataRow")
      .map((m) => rowOf(fields, m));
  };

  // The group that will go next; whether an exchange is already waiting for the connection to take it; and
  // the end of the turn it waits for, until it asks for the connection.
  const waiting: Waiting[] = [];
  let pending = false;
  let endOfTurn: ReturnType<typeof setImmediate> | undefined;

  const runGroup = () =>
    exclusive(async () => {
      pending = false;
      const group = waiting.splice(0, GROUP_COMMIT_MAX);
      if (waiting.length > 0) schedule();
      try {
        await answerGroup(group);
      } catch (error) {
        // Whatever went wrong reading the answers: no caller waits for ever (settled ones stay as they are).
        for (const w of group) w.reject(error);
      }
    });

  const answerGroup = async (group: Waiting[]) => {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await runAlone(only.statement, only.values, only.fields).then(only.resolve, only.reject);
      return;
    }
    const message = Buffer.concat([
      ...group.flatMap((w) => bindAndExecute(w.statement, w.values)),
      serialize.sync(),
    ]);
    const answer = await client.execProtocol(message, { throwOnError: false });
    // Each statement's answer starts with its BindComplete; an error anywhere rolled back the whole group.
    const rows: unknown[][] = [];
    let failed = false;
    for (const m of answer.messages) {
      if (m.name === "bindComplete") rows.push([]);
      else if (m.name === "dataRow") {
        const at = rows.length - 1;
        rows[at]?.push(rowOf((group[at] as Waiting).fields, m as messages.DataRowMessage));
      } else if (m.name === "error") failed = true;
    }
    if (!failed) {
      for (const [i, w] of group.entries()) w.resolve(rows[i] ?? []);
      return;
    }
    for (const w of group) await runAlone(w.statement, w.values, w.fields).then(w.resolve, w.reject);
  };

  /** Asks for the connection for the waiting group: it goes before any statement that asks after it. */
  const sendGroup = () => {
    if (endOfTurn) clearImmediate(endOfTurn);
    endOfTurn = undefined;
    // runGroup settles each statement's own promise; a failure to take the connection fails them too.
    runGroup().catch((error) => {
      for (const w of waiting.splice(0)) w.reject(error);
    });
  };

  const schedule = () => {
    pending = true;
    // After the requests this turn of the event loop read (PGlite runs each exchange synchronously on this
    // thread, so "while the connection is busy" alone would never gather anyone): they all go together,
    // unless another statement asks for the connection first (below).
    endOfTurn = setImmediate(sendGroup);
  };

  const sendWaitingGroup = () => {
    if (endOfTurn) sendGroup();
  };

  // Every other statement asks for the connection through these (query() and exec() through
  // _runExclusiveTransaction, one microtask later): a group still waiting for its turn's end asks first.
  const host = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ["query", "exec", "transaction"]) {
    const own = host[name]?.bind(client);
    if (!own) continue;
    host[name] = (...args) => {
      sendWaitingGroup();
      return own(...args);
    };
  }

  // Whether a statement already went alone in this turn of the event loop.
  let turnTaken = false;

  const run = async <T>(statement: PreparedStatement, values: readonly StatementValue[]) => {
    const fields = await columns(statement);
    const alone = () => exclusive(() => runAlone(statement, values, fields)) as Promise<T[]>;
    if (!statement.groupCommit) return alone();
    // The first of a turn goes at once: a vote among page reads (the 8 PM crowd) does not wait for the pages
    // this turn also read. Those that follow it in the same turn are the burst that waits and goes together.
    if (!turnTaken && !pending) {
      turnTaken = true;
      setImmediate(() => {
        turnTaken = false;
      });
      return alone();
    }
    return new Promise<T[]>((resolve, reject) => {
      waiting.push({ statement, values, fields, resolve: resolve as (rows: unknown[]) => void, reject });
      if (!pending) schedule();
    });
  };
  return { run, sendWaitingGroup };
}
