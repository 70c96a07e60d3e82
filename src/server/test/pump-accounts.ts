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

/**
 * A coin's bonding curve as the program keeps it, SOL-quoted: by default a curve a little past its first
 * 1 SOL buy (the launch's), trading.
 */
export function bondingCurveAccountData(creator: string, change: { complete?: boolean } = {}): Buffer {
  const { web3, BN, sdk } = loadPump();
  const data = encodeAccount("bondingCurve", {
    virtualTokenReserves: new BN("1038000000000000"),
    virtualQuoteReserves: new BN("31010000000"),
    realTokenReserves: new BN("758100000000000"),
    realQuoteReserves: new BN("1010000000"),
    tokenTotalSupply: new BN("1000000000000000"),
    complete: change.complete ?? false,
    creator: new web3.PublicKey(creator),
    isMayhemMode: false,
    isCashbackCoin: false,
    quoteMint: web3.PublicKey.default,
    creatorFeeBps: new BN("0"),
    canEditCreatorFee: false,
    isHolderReward: false,
  });
  if (data.length !== sdk.BONDING_CURVE_SIZE)
    throw new Error(`The curve is ${data.length} bytes, not ${sdk.BONDING_CURVE_SIZE}`);
  return data;
}

/** A token account holding `amount` of `mint` for `owner`, in the token programs' own layout. */
export function tokenAccountData(mint: string, owner: string, amount: bigint): Buffer {
  const { web3, splToken } = loadPump();
  const data = Buffer.alloc(splToken.ACCOUNT_SIZE);
  splToken.AccountLayout.encode(
    {
      mint: new web3.PublicKey(mint),
      owner: new web3.PublicKey(owner),
      amount,
      delegateOption: 0,
      delegate: web3.PublicKey.default,
      state: splToken.AccountState.Initialized,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: web3.PublicKey.default,
    },
    data,
  );
  return data;
}

/** A coin's mint (6 decimals, a billion coins, no authority left), in the token programs' own layout. */
export function mintAccountData(): Buffer {
  const { web3, splToken } = loadPump();
  const data = Buffer.alloc(splToken.MINT_SIZE);
  splToken.MintLayout.encode(
    {
      mintAuthorityOption: 0,
      mintAuthority: web3.PublicKey.default,
      supply: 1_000_000_000_000_000n,
      decimals: 6,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: web3.PublicKey.default,
    },
    data,
  );
  return data;
}
