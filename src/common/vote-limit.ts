/**
 * The About page's "up to 10 votes per day", all kinds together, per IP and US-Eastern day. Apart from the
 * vote schemas so that the front page can show the votes left without loading zod (decision 005).
 */
export const DAILY_VOTE_LIMIT = 10;
