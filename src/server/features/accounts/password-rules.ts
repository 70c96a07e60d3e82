import fs from "node:fs";
import path from "node:path";
import { COMMON_PASSWORD } from "@/common/admin";
import { badRequest } from "../../lib/http-error";

/**
 * The server's half of the password rule (the length half is in src/common/admin.ts, shared with the forms):
 * none of the 10,000 most common passwords (ASVS 6.2.4).
 *
 * common-passwords.txt is the first 10,000 entries, most common first, of `src/passwords.json` in the npm
 * package @zxcvbn-ts/language-common 4.1.3 (MIT), the list zxcvbn ranks from leaked-password frequencies.
 * One password a line, all lower case; compared case-insensitively, so "Password1" counts as "password1".
 */
const LIST_FILE = path.join(import.meta.dirname, "common-passwords.txt");

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(fs.readFileSync(LIST_FILE, "utf8").split("\n").filter(Boolean));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Refuses a common new password with a 400 naming the form field it came from. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
