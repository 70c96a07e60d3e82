import { getBase58Decoder } from "@solana/kit";
import { type FixtureServer, sendJson, startFixtureServer } from "../integrations/fixtures/fixture-server";
import { launchAccounts, loadPump } from "../integrations/pump";
import { feeConfigAccountData, globalAccountData } from "./pump-accounts";

/**
 * A Solana JSON-RPC node for the launch tests (issue 29), answering in a real node's shapes: the
 * token-launch program's Global and FeeConfig accounts (getAccountInfo, base64, encoded by the SDK's IDL),
 * blockhashes, block height, simulation, sending and signature statuses. The test sets what the chain
 * does next (`node.state`) and reads what it was asked (`node.sent`, `node.simulated`, `node.calls`).
 */

export interface FakeNodeState {
  blockhash: string;
  lastValidBlockHeight: number;
  blockHeight: number;
  /** The simulation's error (null: it would succeed). */
  simulationErr: unknown;
  /** What a sent transaction becomes: seen and confirmed, failed on chain, or never seen (dropped). */
  outcome: "confirmed" | "failed" | "dropped" | "pending";
  /** Global or FeeConfig missing (a wrong cluster). */
  noProgramAccounts: boolean;
}

export interface FakeNode {
  url: string;
  host: string;
  state: FakeNodeState;
  /** base64 wire transactions, as sent. */
  sent: string[];
  simulated: string[];
  /** Every method asked, in order. */
  calls: string[];
  server: FixtureServer;
  close(): Promise<void>;
}

export const FAKE_BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";

export async function startFakeSolanaNode(): Promise<FakeNode> {
  const accounts = launchAccounts();
  const global = globalAccountData().toString("base64");
  const feeConfig = feeConfigAccountData().toString("base64");
  const statuses = new Map<string, FakeNodeState["outcome"]>();
  // One object: the test's changes to `state` are what the next answer reads.
  const node = {
    state: {
      blockhash: FAKE_BLOCKHASH,
      lastValidBlockHeight: 319_312_421,
      blockHeight: 319_312_270,
      simulationErr: null,
      outcome: "confirmed",
      noProgramAccounts: false,
    },
    sent: [] as string[],
    simulated: [] as string[],
    calls: [] as string[],
  } as FakeNode;
  const context = { apiVersion: "2.2.14", slot: 341_197_053 };
  const account = (data: string, owner: string) => ({
    context,
    value: {
      data: [data, "base64"],
      executable: false,
      lamports: 15_115_600,
      owner,
      rentEpoch: 18446744073709552000,
      space: Buffer.from(data, "base64").length,
    },
  });
  const signatureOf = (base64: string) => {
    const { web3 } = loadPump();
    const first = web3.VersionedTransaction.deserialize(Buffer.from(base64, "base64")).signatures[0];
    return getBase58Decoder().decode(first ?? new Uint8Array(64));
  };
  const answer = (method: string, params: unknown[]): unknown => {
    const s = node.state;
    switch (method) {
      case "getAccountInfo": {
        const address = String(params[0]);
        if (s.noProgramAccounts) return { context, value: null };
        if (address === accounts.global) return account(global, accounts.program);
        if (address === accounts.feeConfig)
          return account(feeConfig, "pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ");
        return { context, value: null };
      }
      case "getLatestBlockhash":
        return { context, value: { blockhash: s.blockhash, lastValidBlockHeight: s.lastValidBlockHeight } };
      case "getBlockHeight":
        return s.blockHeight;
      case "simulateTransaction":
        node.simulated.push(String(params[0]));
        return {
          context,
          value: {
            err: s.simulationErr,
            logs: s.simulationErr
              ? [
                  "Program 6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P invoke [1]",
                  "Program log: Error: insufficient lamports",
                ]
              : ["Program 6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P success"],
            unitsConsumed: 187_344,
            accounts: null,
            returnData: null,
          },
        };
      case "sendTransaction": {
        const base64 = String(params[0]);
        node.sent.push(base64);
        const signature = signatureOf(base64);
        statuses.set(signature, s.outcome);
        return signature;
      }
      case "getSignatureStatuses": {
        const list = params[0] as string[];
        return {
          context,
          value: list.map((signature) => {
            const outcome = statuses.get(signature);
            if (!outcome || outcome === "dropped") return null;
            if (outcome === "pending")
              return {
                slot: context.slot,
                confirmations: 0,
                err: null,
                status: { Ok: null },
                confirmationStatus: "processed",
              };
            const err = outcome === "failed" ? { InstructionError: [2, { Custom: 6002 }] } : null;
            return {
              slot: context.slot,
              confirmations: 3,
              err,
              status: err ? { Err: err } : { Ok: null },
              confirmationStatus: "confirmed",
            };
          }),
        };
      }
      default:
        throw new Error(`Method not found: ${method}`);
    }
  };
  const server = await startFixtureServer((_req, res, body) => {
    const call = JSON.parse(body) as { id?: unknown; method: string; params?: unknown[] };
    node.calls.push(call.method);
    try {
      sendJson(res, { jsonrpc: "2.0", id: call.id ?? 1, result: answer(call.method, call.params ?? []) });
    } catch (error) {
      sendJson(res, { jsonrpc: "2.0", id: call.id ?? 1, error: { code: -32601, message: String(error) } });
    }
  });
  return Object.assign(node, { server, url: server.url, host: server.host, close: () => server.close() });
}
