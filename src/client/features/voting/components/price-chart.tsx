/**
 * The site's own coin on a dark chart panel. The chart is DexScreener's page in a frame, which the panel
 * cannot see into: a blocked or unreachable frame shows nothing, so the panel always links to the chart
 * itself, and without a configured address it says why there is no chart.
 */
export function PriceChart({ tokenAddress, siteName }: { tokenAddress: string | null; siteName: string }) {
  const chartUrl = tokenAddress ? `https://dexscreener.com/solana/${encodeURIComponent(tokenAddress)}` : null;
  return (
    <section
      aria-labelledby="chart-title"
      className="border-3 border-ink bg-night p-4 text-paper shadow-pixel"
    >
      <h2 id="chart-title" className="mb-4 font-pixel text-xs text-nes-yellow sm:text-sm">
        {siteName} Price Chart
      </h2>
      {chartUrl ? (
        <>
          <iframe
            title={`${siteName} token price chart`}
            src={`${chartUrl}?embed=1&theme=dark&trades=0&info=0`}
            loading="lazy"
            className="h-[420px] w-full border-3 border-nes-cyan bg-night"
          />
          <p className="mt-3 text-sm leading-relaxed">
            Chart empty? DexScreener may be down or blocked.{" "}
            <a
              href={chartUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-bold text-nes-cyan underline underline-offset-4"
            >
              Open the chart
            </a>
          </p>
        </>
      ) : (
        <p className="font-pixel text-[10px] leading-relaxed text-nes-cyan">
          No chart: the site's token address is not configured.
        </p>
      )}
    </section>
  );
}
