import { getBase58Decoder } from "@solana/kit";
import { type FixtureServer, sendJson, startFixtureServer } from "../integrations/fixtures/fixture-server";
import { decodeLaunchMessage, launchAccounts, loadPump } from "../integrations/pump";
import { feeConfigAccountData, globalAccountData } from "./pump-accounts";

/**
 * A Solana JSON-RPC node for the launch tests (issue 29), answering in a real node's shapes: the
 * token-launch program's Global and FeeConfig accounts (getAccountInfo, base64, encoded by the SDK's IDL) and
 * whatever accounts the test puts in `node.accounts` (a coin's curve, a wallet's token account), blockhashes,
 * block height, simulation, sending, signature statuses and the sent transactions with their balances. The test sets what the chain
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
  /**
   * What a sent transaction moves into the fee payer's balance besides its fee and a closed account's rent
   * (a sale's proceeds, lamports); null: the node answers no transaction (getTransaction null).
   */
  received: number | null;
}

/** The fee every fake transaction pays, and the rent a token account holds (what closing it gives back). */
export const FAKE_FEE = 5_000;
export const TOKEN_ACCOUNT_RENT = 2_074_080;

export interface FakeNode {
  url: string;
  host: string;
  state: FakeNodeState;
  /** base64 wire transactions, as sent. */
  sent: string[];
  simulated: string[];
  /** Every method asked, in order. */
  calls: string[];
  /** More accounts by address, with their owner program (cleared by the test as it needs). */
  accounts: Map<string, { data: Buffer; owner: string }>;
  server: FixtureServer;
  close(): Promise<void>;
}

export const FAKE_BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";

export async function startFakeSolanaNode(): Promise<FakeNode> {
  const accounts = launchAccounts();
  const global = globalAccountData().toString("base64");
  const feeConfig = feeConfigAccountData().toString("base64");
  const statuses = new Map<string, FakeNodeState["outcome"]>();
  const sentBySignature = new Map<string, { base64: string; received: number | null }>();
  // One object: the test's changes to `state` are what the next answer reads.
  const node = {
    state: {
      blockhash: FAKE_BLOCKHASH,
      lastValidBlockHeight: 319_312_421,
      blockHeight: 319_312_270,
      simulationErr: null,
      outcome: "confirmed",
      noProgramAccounts: false,
      received: null,
    },
    accounts: new Map(),
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
        const held = node.accounts.get(address);
        return held ? account(held.data.toString("base64"), held.owner) : { context, value: null };
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
        sentBySignature.set(signature, { base64, received: s.received });
        return signature;
      }
      case "getTransaction": {
        const found = sentBySignature.get(String(params[0]));
        if (!found || found.received === null) return null;
        return transactionOf(found.base64, found.received);
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
  /**
   * A landed transaction as getTransaction (json) answers it: every account holds 1 SOL before; the fee payer
   * pays the fee and gets `received` and the rent of an account the transaction closes, which ends empty.
   */
  const transactionOf = (base64: string, received: number) => {
    const { web3 } = loadPump();
    const tx = web3.VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
    const message = tx.message.serialize();
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
    const closed = decodeLaunchMessage(message).close?.account;
    const pre = keys.map((k) => (k === closed ? TOKEN_ACCOUNT_RENT : 1_000_000_000));
    const post = keys.map((k, i) => {
      if (k === closed) return 0;
      if (i === 0) return 1_000_000_000 - FAKE_FEE + received + (closed ? TOKEN_ACCOUNT_RENT : 0);
      return pre[i] as number;
    });
    return {
      slot: context.slot,
      blockTime: 1_795_000_000,
      meta: { err: null, fee: FAKE_FEE, preBalances: pre, postBalances: post, loadedAddresses: null },
      transaction: {
        signatures: tx.signatures.map((sig) => getBase58Decoder().decode(sig)),
        // The balances are what is read; the instructions are left out.
        message: { accountKeys: keys, instructions: [] },
      },
    };
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
