import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  getU32Encoder,
  getU64Encoder,
  getUtf8Encoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import type { LatestBlockhash } from "@/common/latest-blockhash";
import { lamportsOf, type TransferRequest } from "@/common/solana-pay";

/**
 * The Solana Pay transfer as an unsigned wire transaction for a wallet to sign and send. Built by hand from
 * two small instructions rather than with `@solana-program/system` and the memo client: a SOL transfer is a
 * 12-byte instruction, and the packages add weight for nothing else we use.
 */

export const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
export const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
/** The System Program's Transfer instruction index (u32, little-endian, before the u64 lamports). */
const TRANSFER_INSTRUCTION = 2;

export class TransferRequestError extends Error {}

/**
 * The transfer of `request.amount` SOL from `payer` to `request.recipient`. Every reference key rides on the
 * transfer instruction as a read-only non-signer account (how Solana Pay and our server find the payment);
 * a memo, when the request has one, is a Memo program instruction just before the transfer, as the spec says.
 */
export function buildTransferTransaction(
  payer: string,
  request: TransferRequest,
  lifetime: LatestBlockhash,
): Uint8Array {
  const lamports = lamportsOf(request.amount);
  if (lamports === null || lamports <= 0n)
    throw new TransferRequestError(`Not a SOL amount: ${request.amount}`);
  const from = address(payer);
  const transfer: Instruction = {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: address(request.recipient), role: AccountRole.WRITABLE },
      ...request.references.map((reference) => ({ address: address(reference), role: AccountRole.READONLY })),
    ],
    data: new Uint8Array([
      ...getU32Encoder().encode(TRANSFER_INSTRUCTION),
      ...getU64Encoder().encode(lamports),
    ]),
  };
  const memo: Instruction[] = request.memo
    ? [{ programAddress: MEMO_PROGRAM, data: getUtf8Encoder().encode(request.memo) }]
    : [];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: lifetime.blockhash as Blockhash,
          lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions([...memo, transfer], m),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}
