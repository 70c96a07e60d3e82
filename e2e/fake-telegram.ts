import { startFakeTelegram } from "../src/server/test/fake-telegram";

// The end-to-end server's Telegram Bot API (playwright.config.ts): answers like Telegram, posts nowhere.
const port = Number(process.argv[2]);
const fake = await startFakeTelegram(port);
console.log(`fake Telegram Bot API on ${fake.url}`);
