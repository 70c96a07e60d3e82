import {
  AccountRole,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getU32Decoder,
  getU64Decoder,
  getUtf8Decoder,
} from "@solana/kit";
import { describe, expect, it } from "vitest";
import {
  buildTransferTransaction,
  MEMO_PROGRAM,
  SYSTEM_PROGRAM,
  TransferRequestError,
} from "./wallet-transaction";

const PAYER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const RECIPIENT = "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd";
const REFERENCES = [
  "82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny",
  "4n8WA6qN4HrtV6xAFXsPqQiXxHrKDSVWVGmTqqwMXRYo",
];
const LIFETIME = {
  blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
  lastValidBlockHeight: 319312421,
};

function decode(bytes: Uint8Array) {
  const transaction = getTransactionDecoder().decode(bytes);
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  return { transaction, compiled, message: decompileTransactionMessage(compiled) };
}

describe("buildTransferTransaction", () => {
  const request = { recipient: RECIPIENT, amount: "0.35", references: REFERENCES, memo: "mg-42 thanks" };

  it("pays the recipient the amount in lamports from the payer, who pays the fee and alone signs", () => {
    const { transaction, compiled, message } = decode(buildTransferTransaction(PAYER, request, LIFETIME));
    expect(message.feePayer.address).toBe(PAYER);
    expect(Object.keys(transaction.signatures)).toEqual([PAYER]);
    expect(Object.values(transaction.signatures)).toEqual([null]);
    expect(compiled.lifetimeToken).toBe(LIFETIME.blockhash);
    const transfer = message.instructions.at(-1);
    expect(transfer?.programAddress).toBe(SYSTEM_PROGRAM);
    const data = transfer?.data ?? new Uint8Array();
    expect(getU32Decoder().decode(data.slice(0, 4))).toBe(2);
    expect(getU64Decoder().decode(data.slice(4))).toBe(350_000_000n);
    expect(transfer?.accounts?.slice(0, 2)).toEqual([
      { address: PAYER, role: AccountRole.WRITABLE_SIGNER },
      { address: RECIPIENT, role: AccountRole.WRITABLE },
    ]);
  });

  it("puts every reference on the transfer as a read-only non-signer account", () => {
    const { message } = decode(buildTransferTransaction(PAYER, request, LIFETIME));
    const transfer = message.instructions.at(-1);
    expect(transfer?.accounts?.slice(2)).toEqual(
      REFERENCES.map((address) => ({ address, role: AccountRole.READONLY })),
    );
  });

  it("puts the memo just before the transfer, and no memo instruction without one", () => {
    const withMemo = decode(buildTransferTransaction(PAYER, request, LIFETIME)).message.instructions;
    expect(withMemo).toHaveLength(2);
    expect(withMemo[0]?.programAddress).toBe(MEMO_PROGRAM);
    expect(getUtf8Decoder().decode(withMemo[0]?.data ?? new Uint8Array())).toBe("mg-42 thanks");
    const without = decode(
      buildTransferTransaction(PAYER, { ...request, memo: undefined }, LIFETIME),
    ).message;
    expect([...without.instructions].map((i: { programAddress: string }) => i.programAddress)).toEqual([
      SYSTEM_PROGRAM,
    ]);
  });

  it("counts the smallest amount exactly", () => {
    const { message } = decode(
      buildTransferTransaction(PAYER, { ...request, amount: "0.000000001" }, LIFETIME),
    );
    const data = message.instructions.at(-1)?.data ?? new Uint8Array();
    expect(getU64Decoder().decode(data.slice(4))).toBe(1n);
  });

  it("refuses a zero or malformed amount and a malformed address", () => {
    expect(() => buildTransferTransaction(PAYER, { ...request, amount: "0" }, LIFETIME)).toThrow(
      TransferRequestError,
    );
    expect(() => buildTransferTransaction(PAYER, { ...request, amount: "1e3" }, LIFETIME)).toThrow(
      TransferRequestError,
    );
    expect(() =>
      buildTransferTransaction(PAYER, { ...request, recipient: "not-an-address" }, LIFETIME),
    ).toThrow();
  });
});
