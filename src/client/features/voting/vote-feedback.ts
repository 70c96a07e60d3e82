import { errorDetail } from "@/client/lib/api-client";

/** A vote that never reached the server (no answer at all): nothing was counted, so nothing is guessed. */
export const NETWORK_VOTE_MESSAGE = "Network error: your vote was not sent. Please try again.";

/**
 * The text of a failed vote's toast, for every vote button: the server's own message when it answered (it
 * says why: already voted, the daily limit, voting ended), the network message when it did not.
 */
export function voteFailureMessage(error: unknown): string {
  return errorDetail(error, NETWORK_VOTE_MESSAGE);
}
