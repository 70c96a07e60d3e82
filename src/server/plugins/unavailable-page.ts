import { escapeHtml } from "../lib/html";

/**
 * The page a browser gets with a 503 on a page route (the database cut off, the disk full, the process
 * overloaded or shutting down): the paper's own notice in its 8-bit look instead of raw JSON. Self-contained
 * (inline style, no script, no font or image to fetch), since whatever made the server answer 503 may keep it
 * from serving anything else; the pages' CSP allows inline style. It reloads itself after `retryAfterSeconds`.
 */
export function unavailablePage(siteName: string, retryAfterSeconds: number): string {
  const name = escapeHtml(siteName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${retryAfterSeconds}">
<title>The presses are down - ${name}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4ecd8;color:#1b1b1b;font:16px/1.6 ui-monospace,"Courier New",monospace;image-rendering:pixelated}
main{max-width:34rem;margin:1rem;padding:1.5rem;background:#e8dcc0;border:4px solid #1b1b1b;box-shadow:6px 6px 0 0 #1b1b1b;text-align:center}
h1{margin:0 0 .75rem;font-size:1.4rem;letter-spacing:.08em;text-transform:uppercase}
.masthead{margin:0 0 1rem;padding-bottom:.5rem;border-bottom:4px double #1b1b1b;font-weight:700;text-transform:uppercase}
.stamp{display:inline-block;margin:.5rem 0 1rem;padding:.25rem .75rem;background:#e4000f;color:#fff;border:3px solid #1b1b1b;box-shadow:3px 3px 0 0 #1b1b1b;font-weight:700}
a{color:#0058f8}
</style>
</head>
<body>
<main>
<p class="masthead">${name}</p>
<h1>The presses are down</h1>
<p class="stamp">503 &middot; BACK SHORTLY</p>
<p>The paper cannot be printed right now. Nothing you did caused this, and nothing is lost.</p>
<p>This page tries again by itself in ${retryAfterSeconds} seconds, or <a href="">try again now</a>.</p>
</main>
</body>
</html>
`;
}
