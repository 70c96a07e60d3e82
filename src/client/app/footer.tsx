import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { Link } from "@/client/components/link";
import { buttonClass } from "@/client/components/ui/button-variants";
import { renderNow } from "@/client/lib/first-paint-clock";
import { useSiteConfig } from "@/client/lib/site-config";
import { paths } from "./paths";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 underline decoration-2 underline-offset-4 hover:bg-nes-yellow hover:no-underline";

const adminLinkClass = buttonClass({ variant: "plain" });

export function Footer() {
  const { siteName, tokenAddress, telegramUrl, xUrl } = useSiteConfig();
  const year = new Date(renderNow()).getFullYear();

  return (
    <footer className="mx-auto mt-12 w-full max-w-[1200px] px-4 pb-8">
      <div aria-hidden="true" className="h-[5px] border-y border-ink" />
      <div className="grid gap-8 py-8 md:grid-cols-3">
        <div className="flex flex-col gap-3">
          <p className="font-pixel text-sm uppercase">{siteName}</p>
          <p className="text-base text-ink-soft">
            The daily paper for meme coins. Read it, vote on it, launch it.
          </p>
          <p className="font-pixel text-xs text-ink motion-safe:animate-blink-text">
            Game Over? Insert Coin!
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="mb-2 font-pixel text-[10px] uppercase">Links</h2>
          <ul className="flex flex-col">
            {xUrl ? (
              <li>
                <a href={xUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <XLogoIcon className="size-4" /> Follow us on X
                </a>
              </li>
            ) : null}
            {telegramUrl ? (
              <li>
                <a href={telegramUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <TelegramIcon className="size-4" /> Join our Telegram
                </a>
              </li>
            ) : null}
            <li>
              <Link to={paths.about} className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <Link to={paths.archive} className={linkClass}>
                Archive
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex min-w-0 flex-col gap-2">
          <h2 className="font-pixel text-[10px] uppercase">Contract address</h2>
          {tokenAddress ? (
            <code
              data-testid="footer-contract-address"
              className="block border-3 border-ink bg-paper-dark px-3 py-2 font-mono text-sm break-all select-all"
            >
              {tokenAddress}
            </code>
          ) : (
            <p className="text-base text-ink-soft">Contract address coming soon</p>
          )}
        </div>
      </div>

      <div className="flex flex-col items-center gap-3 border-t-3 border-ink pt-6 text-center">
        <p className="text-sm">
          © {year} {siteName}. All rights reserved.
        </p>
        <p className="text-sm text-ink-soft">For site administrators only</p>
        <div className="flex flex-wrap justify-center gap-2">
          {/* Styled links rather than <Button asChild>: Radix Slot would weigh on every first load. */}
          <Link to={paths.admin} className={adminLinkClass}>
            Admin Login
          </Link>
          <Link to={paths.admin} className={adminLinkClass}>
            Staff Login
          </Link>
        </div>
      </div>
    </footer>
  );
}
