import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import {
  getAddressDecoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";
import {
  bondingCurveAddress,
  decodeLaunchMessage,
  launchAccounts,
  tokenAccountAddress,
  tokenPrograms,
} from "../src/server/integrations/pump";
import {
  bondingCurveAccountData,
  feeConfigAccountData,
  globalAccountData,
  mintAccountData,
  tokenAccountData,
} from "../src/server/test/pump-accounts";

/**
 * A Solana JSON-RPC node for the browser tests (issue 15), started by playwright.config.ts beside the site:
 * the site's SOLANA_RPC_URL points here, a trusted operator setting on loopback. Transactions sent to it
 * (`sendTransaction`, base64 wire bytes, as the tests' wallet sends what the page asked it to sign) are
 * decoded with @solana/kit and kept as finalized: their SOL transfers move balances, and every account they
 * name, a Solana Pay reference included, finds them through `getSignaturesForAddress`. Answers have the
 * real node's shapes (transactions as encoding "json" gives them: instructions with all their accounts).
 * For the dashboard's coin launch (issue 29) it also holds the token-launch program's Global and FeeConfig
 * accounts (base64, encoded by the pump SDK's own IDL), the block height, simulation and signature statuses;
 * a kept launch leaves its coin's bonding curve and the buyer's Token-2022 account of it, which a Sell
 * closes, and the paper's own coin is on its curve for the Buy back. `GET /kept` answers how many
 * transactions it has kept, so a test can see that nothing was sent.
 *
 *   tsx e2e/fake-chain.ts <port> <the paper's coin, TOKEN_ADDRESS>
 */

const port = Number(process.argv[2]);
const paperCoin = String(process.argv[3]);
const BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const SYSTEM_TRANSFER = 2;
const FEE = 5_000;
const START_BALANCE = 5_000_000_000;

interface KeptTransaction {
  signature: string;
  slot: number;
  blockTime: number;
  accountKeys: string[];
  header: {
    numRequiredSignatures: number;
    numReadonlySignedAccounts: number;
    numReadonlyUnsignedAccounts: number;
  };
  instructions: Array<{ programIdIndex: number; accounts: number[]; data: string }>;
  preBalances: number[];
  postBalances: number[];
}

const transactions = new Map<string, KeptTransaction>();
/** Account -> signatures naming it, newest first. */
const signaturesOf = new Map<string, string[]>();
let slot = 402_118_601;

/** Keeps a wire transaction as finalized; answers its signature (base58). */
function keep(wire: Uint8Array): string {
  const { messageBytes } = getTransactionDecoder().decode(wire);
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes);
  const keys = message.staticAccounts.map(String);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const pre = keys.map(() => START_BALANCE);
  const post = [...pre];
  post[0] = (post[0] ?? 0) - FEE;
  // Legacy and v0 messages list their instructions (the page's wallet builds legacy ones).
  const instructions = "instructions" in message ? message.instructions : [];
  for (const instruction of instructions) {
    const data = instruction.data;
    if (keys[instruction.programAddressIndex] !== SYSTEM_PROGRAM || !data || data.length < 12) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (view.getUint32(0, true) !== SYSTEM_TRANSFER) continue;
    const lamports = Number(view.getBigUint64(4, true));
    const [from, to] = instruction.accountIndices ?? [];
    if (from === undefined || to === undefined) continue;
    post[from] = (post[from] ?? 0) - lamports;
    post[to] = (post[to] ?? 0) + lamports;
  }
  // A signed transaction is named by its first signature, as on chain; the Solana Pay tests' wallet sends
  // unsigned ones, which get a random name.
  const first = getTransactionDecoder().decode(wire).signatures[keys[0] as never] as Uint8Array | null;
  const signature = getBase58Decoder().decode(first?.some((b) => b !== 0) ? first : randomBytes(64));
  slot += 1;
  transactions.set(signature, {
    signature,
    slot,
    blockTime: Math.floor(Date.now() / 1000),
    accountKeys: keys,
    header: {
      numRequiredSignatures: numSignerAccounts,
      numReadonlySignedAccounts: numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: numReadonlyNonSignerAccounts,
    },
    instructions: instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
    })),
    preBalances: pre,
    postBalances: post,
  });
  for (const key of keys) signaturesOf.set(key, [signature, ...(signaturesOf.get(key) ?? [])]);
  settleLaunch(Uint8Array.from(messageBytes));
  return signature;
}

function asJsonTransaction(tx: KeptTransaction) {
  return {
    blockTime: tx.blockTime,
    slot: tx.slot,
    meta: {
      err: null,
      fee: FEE,
      preBalances: tx.preBalances,
      postBalances: tx.postBalances,
      loadedAddresses: { writable: [], readonly: [] },
      status: { Ok: null },
    },
    transaction: {
      signatures: [tx.signature],
      message: {
        accountKeys: tx.accountKeys,
        header: tx.header,
        instructions: tx.instructions.map((i) => ({ ...i, stackHeight: null })),
        recentBlockhash: BLOCKHASH,
      },
    },
    version: "legacy",
  };
}

/** The sample edition's token mints (db/seed-demo.ts's sampleAddress). */
const sampleMint = (n: number): string =>
  getAddressDecoder().decode(createHash("sha256").update(`meme-gazette-demo-token-${n}`).digest());
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const CREATOR = "GDwJ7ZRx1rm5GuFjxTiexxtGupE2pXT7q8RbMuYiHusB";

/**
 * Issue 22's safety facts for the sample tokens, in a node's shapes (`getAccountInfo` jsonParsed,
 * `getTokenLargestAccounts`): FROGFUND (1) renounced both authorities, YACHTCAT (2) still holds both. Any
 * other mint is refused with an RPC error, as an overloaded node does, so its facts show as unknown.
 */
const MINTS = new Map([
  [sampleMint(1), { mintAuthority: null, freezeAuthority: null, supply: "999971234567890", decimals: 6 }],
  [
    sampleMint(2),
    { mintAuthority: CREATOR, freezeAuthority: CREATOR, supply: "420690000000000000", decimals: 9 },
  ],
]);
const LARGEST = new Map([
  [
    sampleMint(1),
    [206.9, 35.12, 30, 28, 25, 22, 20, 18, 17, 15, 14, 13, 12, 11, 10, 9, 8.5, 8, 7.5, 7].map(
      (m) => m * 1e12,
    ),
  ],
  [sampleMint(2), [300e15, 60e15, 40.69e15, 20e15]],
]);

function mintAnswer(mint: string) {
  const info = MINTS.get(mint);
  if (!info) throw new Error("Internal error");
  return {
    context: { apiVersion: "2.2.14", slot },
    value: {
      data: {
        parsed: { info: { ...info, isInitialized: true }, type: "mint" },
        program: "spl-token",
        space: 82,
      },
      executable: false,
      lamports: 1461600,
      owner: TOKEN_PROGRAM,
      rentEpoch: 18446744073709552000, // u64::MAX, as JSON numbers carry it
      space: 82,
    },
  };
}

function largestAnswer(mint: string) {
  const amounts = LARGEST.get(mint);
  const decimals = MINTS.get(mint)?.decimals;
  if (!amounts || decimals === undefined) throw new Error("Internal error");
  return {
    context: { apiVersion: "2.2.14", slot },
    value: amounts.map((amount, i) => ({
      address: getAddressDecoder().decode(createHash("sha256").update(`${mint}-holder-${i}`).digest()),
      amount: BigInt(Math.round(amount)).toString(),
      decimals,
      uiAmount: amount / 10 ** decimals,
      uiAmountString: String(amount / 10 ** decimals),
    })),
  };
}

const program = launchAccounts();
const PROGRAM_ACCOUNTS = new Map([
  [program.global, { data: globalAccountData(), owner: program.program }],
  [program.feeConfig, { data: feeConfigAccountData(), owner: "pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ" }],
]);

const { token, token2022 } = tokenPrograms();
// The paper's own coin: an SPL Token coin still on its curve.
PROGRAM_ACCOUNTS.set(paperCoin, { data: mintAccountData(), owner: token });
PROGRAM_ACCOUNTS.set(bondingCurveAddress(paperCoin), {
  data: bondingCurveAccountData(CREATOR),
  owner: program.program,
});

/**
 * What a kept launch transaction leaves behind: a create and first buy, the coin's curve and the buyer's
 * Token-2022 account holding what it bought; a closed token account (the Sell's), nothing.
 */
function settleLaunch(messageBytes: Uint8Array) {
  const decoded = decodeLaunchMessage(messageBytes);
  if (decoded.create && decoded.buy) {
    const { mint, user } = decoded.create;
    PROGRAM_ACCOUNTS.set(bondingCurveAddress(mint), {
      data: bondingCurveAccountData(decoded.create.creator),
      owner: program.program,
    });
    PROGRAM_ACCOUNTS.set(tokenAccountAddress(mint, user, token2022), {
      data: tokenAccountData(mint, user, decoded.buy.amount),
      owner: token2022,
    });
  }
  if (decoded.close) PROGRAM_ACCOUNTS.delete(decoded.close.account);
}

function rawAccountAnswer(address: string) {
  const account = PROGRAM_ACCOUNTS.get(address);
  if (!account) return { context: { apiVersion: "2.2.14", slot }, value: null };
  return {
    context: { apiVersion: "2.2.14", slot },
    value: {
      data: [account.data.toString("base64"), "base64"],
      executable: false,
      lamports: 15_115_600,
      owner: account.owner,
      rentEpoch: 18446744073709552000,
      space: account.data.length,
    },
  };
}

function answer(method: string, params: unknown[]): unknown {
  switch (method) {
    case "getAccountInfo":
      if ((params[1] as { encoding?: string } | undefined)?.encoding === "base64")
        return rawAccountAnswer(String(params[0]));
      return mintAnswer(String(params[0]));
    case "getBlockHeight":
      return slot;
    case "simulateTransaction":
      return {
        context: { apiVersion: "2.2.14", slot },
        value: {
          err: null,
          logs: ["Program 6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P success"],
          unitsConsumed: 187_344,
        },
      };
    case "getSignatureStatuses":
      return {
        context: { apiVersion: "2.2.14", slot },
        value: (params[0] as string[]).map((signature) => {
          const tx = transactions.get(signature);
          return tx
            ? {
                slot: tx.slot,
                confirmations: null,
                err: null,
                status: { Ok: null },
                confirmationStatus: "finalized",
              }
            : null;
        }),
      };
    case "getTokenLargestAccounts":
      return largestAnswer(String(params[0]));
    case "getLatestBlockhash":
      return { context: { slot }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: slot + 150 } };
    case "sendTransaction":
      return keep(Buffer.from(String(params[0]), "base64"));
    case "getSignaturesForAddress":
      return (signaturesOf.get(String(params[0])) ?? []).map((signature) => {
        const tx = transactions.get(signature);
        return {
          signature,
          slot: tx?.slot,
          err: null,
          memo: null,
          blockTime: tx?.blockTime,
          confirmationStatus: "finalized",
        };
      });
    case "getTransaction": {
      const tx = transactions.get(String(params[0]));
      return tx ? asJsonTransaction(tx) : null;
    }
    default:
      throw new Error(`Method not found: ${method}`);
  }
}

createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") {
    res.end("ok");
    return;
  }
  if (req.method === "GET" && req.url === "/kept") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ kept: transactions.size }));
    return;
  }
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    let call: { id?: unknown; method?: string; params?: unknown[] } = {};
    try {
      call = JSON.parse(body);
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: call.id ?? 1,
          result: answer(call.method ?? "", call.params ?? []),
        }),
      );
    } catch (error) {
      res.end(
        JSON.stringify({ jsonrpc: "2.0", id: call.id ?? 1, error: { code: -32601, message: String(error) } }),
      );
    }
  });
}).listen(port, "127.0.0.1");
