import { escapeHtml } from "../lib/html";

/** What a notice page says: its title, the red stamp, and its lines of plain text. */
interface Notice {
  title: string;
  stamp: string;
  text: string;
  /** Reload by itself after this many seconds (a 503's Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * The page a browser gets when a page route cannot be answered: the paper's own notice in its 8-bit look
 * instead of raw JSON. Self-contained (inline style, no script, no font or image to fetch), since whatever
 * made the server fail may keep it from serving anything else; the pages' CSP allows inline style.
 */
function noticePage(siteName: string, notice: Notice): string {
  const name = escapeHtml(siteName);
  const retry = notice.retryAfterSeconds;
  const refresh = retry === undefined ? "" : `\n<meta http-equiv="refresh" content="${retry}">`;
  const again =
    retry === undefined
      ? `<p><a href="">Try again</a> or go to the <a href="/">front page</a>.</p>`
      : `<p>This page tries again by itself in ${retry} seconds, or <a href="">try again now</a>.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${refresh}
<title>${escapeHtml(notice.title)} - ${name}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4ecd8;color:#1b1b1b;font:16px/1.6 ui-monospace,"Courier New",monospace;image-rendering:pixelated}
main{max-width:34rem;margin:1rem;padding:1.5rem;background:#e8dcc0;border:4px solid #1b1b1b;box-shadow:6px 6px 0 0 #1b1b1b;text-align:center}
h1{margin:0 0 .75rem;font-size:1.4rem;letter-spacing:.08em;text-transform:uppercase}
.masthead{margin:0 0 1rem;padding-bottom:.5rem;border-bottom:4px double #1b1b1b;font-weight:700;text-transform:uppercase}
.stamp{display:inline-block;margin:.5rem 0 1rem;padding:.25rem .75rem;background:#e4000f;color:#fff;border:3px solid #1b1b1b;box-shadow:3px 3px 0 0 #1b1b1b;font-weight:700}
a{color:#0058f8;display:inline-block;min-height:24px}
</style>
</head>
<body>
<main>
<p class="masthead">${name}</p>
<h1>${escapeHtml(notice.title)}</h1>
<p class="stamp">${notice.stamp}</p>
<p>${escapeHtml(notice.text)}</p>
${again}
</main>
</body>
</html>
`;
}

/** A 503 on a page (the database cut off, the disk full, the process overloaded or shutting down). */
export function unavailablePage(siteName: string, retryAfterSeconds: number): string {
  return noticePage(siteName, {
    title: "The presses are down",
    stamp: "503 &middot; BACK SHORTLY",
    text: "The paper cannot be printed right now. Nothing you did caused this, and nothing is lost.",
    retryAfterSeconds,
  });
}

/** A 500 on a page: a bug of ours. Its cause stays in the log (with the request id), never on the page. */
export function serverErrorPage(siteName: string): string {
  return noticePage(siteName, {
    title: "Stop the presses",
    stamp: "500 &middot; OUR MISTAKE",
    text: "Something went wrong on our side. Please try again later.",
  });
}
