import type { ReactNode } from "react";
import { paths } from "@/client/app/paths";
import { Link } from "@/client/components/link";
import { PageHeading } from "@/client/components/page-heading";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useSiteConfig } from "@/client/lib/site-config";

/** Inline links at least 24 px tall (WCAG 2.5.8), without breaking the line they sit in. */
const inlineLink = "inline-block min-h-6 underline decoration-2 underline-offset-4 hover:bg-nes-yellow";

export function About() {
  const { siteName } = useSiteConfig();

  const faq: { question: string; answer: ReactNode }[] = [
    {
      question: `What is ${siteName}?`,
      answer: (
        <>
          <p>
            {siteName} is a daily newspaper for meme coins, printed in 8-bit. Every edition collects the
            internet's most viral headlines, and you decide which one deserves to become a coin. The winning
            headline is launched as the community meme coin on a token-launch platform.
          </p>
          <p>
            Coins from earlier editions live on{" "}
            <Link to={paths.yesterdaysNews} className={inlineLink}>
              Yesterday's News
            </Link>
            , and every past winner is kept in the{" "}
            <Link to={paths.archive} className={inlineLink}>
              Archive
            </Link>
            .
          </p>
        </>
      ),
    },
    {
      question: "How does voting work?",
      answer: (
        <>
          <p>
            Every visitor can cast up to <strong>10 votes per day</strong>, counted by IP address across all
            kinds of votes. On the home page it is <strong>1 vote per user</strong> in each voting cycle, so
            pick your favourite headline carefully.
          </p>
          <p>
            The paper's clock is US Eastern (ET). The daily cycle: voting closes at <strong>8 PM ET</strong>{" "}
            and the winning coin launches at <strong>10 PM ET</strong>. In a weekly edition, voting ends at{" "}
            <strong>6 PM ET</strong> and the weekly winner launches on <strong>Monday at 8 PM ET</strong>. The
            countdown on the home page always shows the current cycle's times, with your own time beside them
            when it differs.
          </p>
          <p>
            On{" "}
            <Link to={paths.tomorrowsNews} className={inlineLink}>
              Tomorrow's News
            </Link>{" "}
            you vote on the candidates for the next edition: the top 4 move into the daily vote.
          </p>
        </>
      ),
    },
    {
      question: "How are the coins created?",
      answer: (
        <>
          <p>
            When voting ends, the most-voted headline wins and is launched as a coin with{" "}
            <strong>1 SOL</strong>, all of it sold immediately. <strong>1%</strong> is kept and put back into
            the project's own coin.
          </p>
          <p>
            Anyone can suggest a headline. Free submissions are reviewed by the team before they enter voting.
            Promoted (paid) submissions are checked in three steps: the payment is verified, the submission is
            reviewed, and then it is added to voting automatically.
          </p>
        </>
      ),
    },
    {
      question: "Are the coins real?",
      answer: (
        <p>
          Yes, the coins are real tokens on the blockchain, but they are made for fun: they are not a serious
          investment and nothing on {siteName} is financial advice. Only spend what you are happy to lose on a
          joke.
        </p>
      ),
    },
  ];

  return (
    <>
      <PageHeading title={`About ${siteName}`} subtitle="The meme coin paperboy, explained." />
      <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
        <Card className="h-fit">
          <CardHeader>
            <Badge variant="red" className="w-fit">
              Our Mission
            </Badge>
            <CardTitle>Turn the day's news into the day's coin</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 text-base">
            <p>
              {siteName} delivers the internet's wildest headlines every day, like a paperboy on a pixel bike.
              The community votes, the winner is launched as a meme coin, and everyone gets to watch the story
              play out.
            </p>
            <p>
              No login, no gatekeeping: read the paper, vote, submit your own headline, and share the ones you
              love.
            </p>
            <p className="text-sm">
              Emoji on the share cards are{" "}
              <a href="https://github.com/discord/twemoji" className={inlineLink}>
                Twemoji
              </a>
              , © Twitter, Inc. and other contributors, under{" "}
              <a href="https://creativecommons.org/licenses/by/4.0/" className={inlineLink}>
                CC BY 4.0
              </a>
              .
            </p>
          </CardContent>
        </Card>

        <section aria-labelledby="faq-heading" className="flex flex-col gap-4">
          <h2 id="faq-heading" className="font-pixel text-sm sm:text-base">
            Frequently Asked Questions
          </h2>
          {faq.map(({ question, answer }, index) => (
            // The first answer starts open, so the page reads as an answer, not only as a list of questions.
            <details
              key={question}
              open={index === 0}
              className="group border-3 border-ink bg-paper-dark shadow-pixel"
            >
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 px-4 py-3 font-pixel text-xs leading-relaxed hover:bg-nes-yellow sm:text-sm [&::-webkit-details-marker]:hidden">
                <span aria-hidden="true" className="shrink-0 transition-transform group-open:rotate-90">
                  ▶
                </span>
                {question}
              </summary>
              <div className="flex flex-col gap-3 border-t-3 border-ink bg-paper px-4 py-4 text-base">
                {answer}
              </div>
            </details>
          ))}
        </section>
      </div>
    </>
  );
}
