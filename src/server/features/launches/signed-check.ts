import { createPublicKey, verify } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import {
  COMPUTE_BUDGET_PROGRAM,
  LIGHTHOUSE_PROGRAM,
  loadPump,
  type ResolvedInstruction,
  resolveMessage,
} from "../../integrations/pump";

/**
 * The check of a signed launch transaction against the one the server prepared, before anything reaches the
 * chain (issue 29). The wallet may add what wallets add and nothing else: compute-budget instructions (a
 * priority fee, bounded below) and Lighthouse assertions (Phantom's guards; they only read). Every prepared
 * instruction must be there, in the same order, with the same program, the same accounts in the same roles
 * and the same bytes; the fee payer, the signers and the blockhash the same; both signatures valid over the
 * message signed. Anything else is a difference, named in words.
 */

/** A priority fee a wallet may add at most (lamports): 0.01 SOL. More is a wallet draining the launch. */
export const MAX_PRIORITY_FEE_LAMPORTS = 10_000_000n;

export interface SignedCheck {
  /** The signed wire bytes, as they will be sent. */
  wire: Uint8Array;
  /** The transaction's signature (the fee payer's, base58): its name on chain. */
  signature: string;
  differences: string[];
}

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

function validSignature(message: Uint8Array, publicKey: Uint8Array, signature: Uint8Array): boolean {
  if (signature.every((b) => b === 0)) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKey)]),
      format: "der",
      type: "spki",
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

const isWalletAddition = (ix: ResolvedInstruction) =>
  ix.programId === COMPUTE_BUDGET_PROGRAM || ix.programId === LIGHTHOUSE_PROGRAM;

const outline = (ix: ResolvedInstruction) =>
  `${ix.programId.slice(0, 8)}... with ${ix.accounts.length} accounts and ${ix.data.length} bytes`;

/** The priority fee compute-budget instructions ask for (price in micro-lamports per unit times the limit). */
function priorityFee(instructions: ResolvedInstruction[]): bigint {
  let limit = 200_000n * BigInt(instructions.filter((ix) => ix.programId !== COMPUTE_BUDGET_PROGRAM).length);
  let price = 0n;
  for (const ix of instructions) {
    if (ix.programId !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === 2 && ix.data.length === 5) limit = BigInt(ix.data.readUInt32LE(1));
    if (ix.data[0] === 3 && ix.data.length === 9) price = ix.data.readBigUInt64LE(1);
  }
  return (limit * price + 999_999n) / 1_000_000n;
}

function sameInstruction(a: ResolvedInstruction, b: ResolvedInstruction): string | null {
  if (a.programId !== b.programId) return `program ${b.programId} instead of ${a.programId}`;
  if (!a.data.equals(b.data)) return "different data (an amount, a name or an address changed)";
  if (a.accounts.length !== b.accounts.length)
    return `${b.accounts.length} accounts instead of ${a.accounts.length}`;
  for (const [i, want] of a.accounts.entries()) {
    const got = b.accounts[i];
    if (!got) return `account ${i + 1} missing`;
    if (got.address !== want.address) return `account ${i + 1} is ${got.address} instead of ${want.address}`;
    if (got.isSigner !== want.isSigner) return `account ${i + 1} (${want.address}) changed its signer role`;
    if (got.isWritable !== want.isWritable)
      return `account ${i + 1} (${want.address}) changed its writable role`;
  }
  return null;
}

/**
 * Compares `signedWire` (signed by the wallet, and by the new mint for a launch) with `preparedMessage`.
 * Throws nothing for bad input: a transaction that does not decode is one difference.
 */
export function checkSigned(
  preparedMessage: Uint8Array,
  signedWire: Uint8Array,
  expected: { wallet: string; mint?: string },
): SignedCheck {
  const { web3 } = loadPump();
  let tx: import("@solana/web3.js").VersionedTransaction;
  try {
    tx = web3.VersionedTransaction.deserialize(signedWire);
  } catch {
    return { wire: signedWire, signature: "", differences: ["It is not a Solana transaction."] };
  }
  const messageBytes = tx.message.serialize();
  const signed = resolveMessage(messageBytes);
  const prepared = resolveMessage(preparedMessage);
  const differences: string[] = [];

  if (signed.version !== prepared.version) differences.push("The transaction's version changed.");
  if (signed.lookupTables > 0)
    differences.push("It loads accounts from lookup tables, which were not prepared.");
  if (signed.feePayer !== expected.wallet)
    differences.push(`The fee payer is ${signed.feePayer} instead of the wallet ${expected.wallet}.`);
  const signers = [...signed.signers].sort().join(", ");
  const wanted = [expected.wallet, ...(expected.mint ? [expected.mint] : [])].sort().join(", ");
  if (signers !== wanted)
    differences.push(
      `The signers are ${signers || "none"} instead of the wallet${expected.mint ? " and the mint" : ""}.`,
    );
  if (signed.blockhash !== prepared.blockhash) differences.push("The blockhash changed.");

  // The prepared instructions, in order, each as built; the wallet's additions are set aside.
  const theirs = signed.instructions.filter((ix) => !isWalletAddition(ix));
  const ours = prepared.instructions.filter((ix) => !isWalletAddition(ix));
  const extra = signed.instructions.filter(
    (ix) => !isWalletAddition(ix) && !ours.some((o) => sameInstruction(o, ix) === null),
  );
  if (theirs.length !== ours.length) {
    differences.push(
      `It has ${theirs.length} instructions besides compute budget and assertions, not the ${ours.length} prepared.`,
    );
    for (const ix of extra) differences.push(`An instruction was added: ${outline(ix)}.`);
  } else {
    ours.forEach((want, i) => {
      const got = theirs[i] as ResolvedInstruction;
      const why = sameInstruction(want, got);
      if (why) differences.push(`Instruction ${i + 1} differs: ${why}.`);
    });
  }
  const fee = priorityFee(signed.instructions);
  if (fee > MAX_PRIORITY_FEE_LAMPORTS)
    differences.push(
      `The wallet asks a priority fee of ${fee} lamports, over the ${MAX_PRIORITY_FEE_LAMPORTS} allowed.`,
    );

  if (expected.mint && !signed.signers.includes(expected.mint))
    differences.push("The signature of the mint is missing or not valid: the mint no longer signs.");
  // Every required signature valid over the message as signed (the wallet's additions included).
  const keys = tx.message.staticAccountKeys;
  for (let i = 0; i < tx.message.header.numRequiredSignatures; i++) {
    const key = keys[i];
    const signature = tx.signatures[i];
    if (!key || !signature || !validSignature(messageBytes, key.toBytes(), signature)) {
      const who =
        key?.toBase58() === expected.mint
          ? "the mint"
          : key?.toBase58() === expected.wallet
            ? "the wallet"
            : key?.toBase58();
      differences.push(`The signature of ${who} is missing or not valid.`);
    }
  }
  const first = tx.signatures[0];
  const signature = first ? getBase58Decoder().decode(first) : "";
  return { wire: signedWire, signature, differences };
}
