import { createHash } from "node:crypto";
import { getAddressDecoder } from "@solana/kit";
import { loadPump } from "../integrations/pump";

/**
 * The token-launch program's Global and FeeConfig accounts as a node holds them, encoded with the SDK's own
 * IDL coder (issue 29): the tests' fake nodes serve them, so what the server decodes is the program's real
 * layout. The values are mainnet's (recorded in November 2026), with made-up authorities.
 */

/** A fixed address from a name (the tests' accounts need no keys). */
export const testAddress = (name: string): string =>
  getAddressDecoder().decode(createHash("sha256").update(`meme-gazette-test-${name}`).digest());

export const FEE_RECIPIENTS = Array.from({ length: 8 }, (_, i) => testAddress(`fee-recipient-${i}`));

/** Borsh-encodes an account of the pump program's IDL, discriminator first, at its full size. */
function encodeAccount(name: string, value: unknown): Buffer {
  const { coder } = loadPump();
  const accounts = coder.accounts as unknown as {
    accountLayouts: Map<string, { layout: { encode(value: unknown, buffer: Buffer): number } }>;
    accountDiscriminator(name: string): Buffer;
  };
  const layout = accounts.accountLayouts.get(name);
  if (!layout) throw new Error(`no account ${name} in the IDL`);
  // The coder's own encode() writes into 1,000 bytes: Global is longer.
  const buffer = Buffer.alloc(8_192);
  const length = layout.layout.encode(value, buffer);
  return Buffer.concat([accounts.accountDiscriminator(name), buffer.subarray(0, length)]);
}

export function globalAccountData(): Buffer {
  const { web3, BN, sdk } = loadPump();
  const key = (name: string) => new web3.PublicKey(testAddress(name));
  const [first, ...rest] = FEE_RECIPIENTS.map((a) => new web3.PublicKey(a));
  const data = encodeAccount("global", {
    initialized: true,
    authority: key("authority"),
    feeRecipient: first,
    initialVirtualTokenReserves: new BN("1073000000000000"),
    initialVirtualSolReserves: new BN("30000000000"),
    initialRealTokenReserves: new BN("793100000000000"),
    tokenTotalSupply: new BN("1000000000000000"),
    feeBasisPoints: new BN("95"),
    withdrawAuthority: key("withdraw"),
    enableMigrate: false,
    poolMigrationFee: new BN("15000001"),
    creatorFeeBasisPoints: new BN("5"),
    feeRecipients: rest,
    setCreatorAuthority: key("set-creator"),
    adminSetCreatorAuthority: key("admin-set-creator"),
    createV2Enabled: true,
    whitelistPda: key("whitelist"),
    reservedFeeRecipient: key("reserved"),
    mayhemModeEnabled: false,
    reservedFeeRecipients: Array.from({ length: 7 }, (_, i) => key(`reserved-${i}`)),
    isCashbackEnabled: false,
    buybackFeeRecipients: Array.from({ length: 8 }, (_, i) => key(`buyback-${i}`)),
    buybackBasisPoints: new BN("0"),
    initialVirtualQuoteReserves: new BN("30000000000"),
    whitelistedQuoteMints: [web3.PublicKey.default],
    creatorFeeConfigurable: false,
    maxConfigurableCreatorFeeBps: new BN("0"),
    holderRewardClaimAuthority: web3.PublicKey.default,
    isHolderRewardEnabled: false,
  });
  if (data.length !== sdk.GLOBAL_SIZE)
    throw new Error(`Global is ${data.length} bytes, not ${sdk.GLOBAL_SIZE}`);
  return data;
}

export function feeConfigAccountData(): Buffer {
  const { web3, BN, sdk } = loadPump();
  const fees = (lp: number, protocol: number, creator: number) => ({
    lpFeeBps: new BN(String(lp)),
    protocolFeeBps: new BN(String(protocol)),
    creatorFeeBps: new BN(String(creator)),
  });
  const data = encodeAccount("feeConfig", {
    bump: 255,
    admin: new web3.PublicKey(testAddress("fee-admin")),
    flatFees: fees(0, 95, 5),
    feeTiers: [
      { marketCapLamportsThreshold: new BN("0"), fees: fees(0, 95, 30) },
      { marketCapLamportsThreshold: new BN("420000000000"), fees: fees(20, 5, 95) },
    ],
    stableFeeTiers: [],
    exoticFlatFees: fees(0, 0, 0),
  });
  // The account is allocated at its full size; the program reads the fields and leaves the rest.
  return Buffer.concat([data, Buffer.alloc(sdk.FEE_CONFIG_CURRENT_SIZE - data.length)]);
}
