/**
 * The best encoding of an answer this client accepts: brotli, then gzip, else none (identity). Weights
 * count: "br;q=0" refuses brotli, and "*" accepts both. Used for the page and the cached lists.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    quality.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (encoding: string) => (quality.get(encoding) ?? quality.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return undefined;
}
