import { extractContractAddress } from "@/common/trending";

/** The spec's messages for "generate token from address" (section 5). */
export const GENERATE_TOKEN_MESSAGES = {
  required: "Contract address required",
  invalid: "Invalid contract address",
} as const;

/** The spec's looser check for this form: at least 32 characters (the server checks the full format). */
const MIN_ADDRESS_LENGTH = 32;

export type GenerateTokenInputCheck =
  | { ok: true; address: string; fromUrl: boolean }
  | { ok: false; error: string; address: string; fromUrl: boolean };

/**
 * What the form does with the text typed or pasted, in the spec's order: empty is refused; a URL from a chart
 * site, trading site or launchpad gives up its address (the form then says "URL detected"); a result
 * shorter than 32 characters is refused.
 */
export function checkGenerateTokenInput(input: string): GenerateTokenInputCheck {
  const { address, fromUrl } = extractContractAddress(input);
  if (input.trim() === "") return { ok: false, error: GENERATE_TOKEN_MESSAGES.required, address, fromUrl };
  // A URL whose path holds nothing (a site's home page) is as unusable as a short address.
  if (address.length < MIN_ADDRESS_LENGTH)
    return { ok: false, error: GENERATE_TOKEN_MESSAGES.invalid, address, fromUrl };
  return { ok: true, address, fromUrl };
}
