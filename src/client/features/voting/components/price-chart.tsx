/** The site's own coin on a dark chart panel; without a configured address it says so, no broken frame. */
export function PriceChart({ tokenAddress, siteName }: { tokenAddress: string | null; siteName: string }) {
  return (
    <section
      aria-labelledby="chart-title"
      className="border-3 border-ink bg-night p-4 text-paper shadow-pixel"
    >
      <h2 id="chart-title" className="mb-4 font-pixel text-xs text-nes-yellow sm:text-sm">
        {siteName} Price Chart
      </h2>
      {tokenAddress ? (
        <iframe
          title={`${siteName} token price chart`}
          src={`https://dexscreener.com/solana/${encodeURIComponent(tokenAddress)}?embed=1&theme=dark&trades=0&info=0`}
          loading="lazy"
          className="h-[420px] w-full border-3 border-nes-cyan bg-night"
        />
      ) : (
        <p className="font-pixel text-[10px] leading-relaxed text-nes-cyan">
          The price chart appears here once the site's token address is configured.
        </p>
      )}
    </section>
  );
}
