import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { errorDetail } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { TELEGRAM_POST_KIND_LABELS, TELEGRAM_VARIABLES, type TelegramPost } from "@/common/telegram";
import { formatEasternEt } from "@/common/time-text";
import { useSendTelegramTest, useTelegram } from "../api/use-telegram";
import { useAdminQueryError } from "../use-admin-query-error";

const STATUS_BADGE = {
  pending: { label: "Waiting", variant: "paper" },
  sending: { label: "Sending", variant: "cyan" },
  sent: { label: "Sent", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  skipped: { label: "Skipped", variant: "orange" },
} as const;

/**
 * The Telegram tab: whether the channel is configured (its chat, never the bot token), what the site posted
 * there and what failed, newest first, and a test message on demand.
 */
export function TelegramTab() {
  const telegram = useTelegram();
  const sendTest = useSendTelegramTest();
  useAdminQueryError(telegram.error);

  const test = () =>
    sendTest.mutate(undefined, {
      onSuccess: (post) =>
        post.status === "sent"
          ? toast({ title: "Test message sent", description: "Check the channel: it should be there now." })
          : toast({
              title: "Test message failed",
              description: post.error ?? "Telegram did not take the message.",
              variant: "destructive",
            }),
      onError: (error) =>
        toast({
          title: "Test message failed",
          description: errorDetail(error, "Please try again later."),
          variant: "destructive",
        }),
    });

  if (telegram.isPending)
    return (
      <SkeletonGroup label="Loading the Telegram posts" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </SkeletonGroup>
    );
  if (telegram.isError)
    return (
      <Card role="alert" className="border-l-[12px] border-l-nes-red bg-paper">
        <CardHeader>
          <CardTitle>Error Loading Telegram</CardTitle>
          <CardDescription className="text-ink">
            {errorDetail(telegram.error, "Please try again later.")}
          </CardDescription>
        </CardHeader>
      </Card>
    );

  const { configured, chatId, posts } = telegram.data;
  return (
    <div className="flex flex-col gap-4">
      <Card className="bg-paper">
        <CardHeader>
          <CardTitle>{configured ? "Telegram Channel Connected" : "Telegram Is Not Configured"}</CardTitle>
          <CardDescription className="text-ink">
            {configured ? (
              <>
                Posting to <span className="break-all font-mono">{chatId}</span>: the race when it opens, a
                reminder one hour before voting closes, the winner with its card, and each launch.
              </>
            ) : (
              <>
                To post to a channel, set{" "}
                {TELEGRAM_VARIABLES.map((name, i) => (
                  <span key={name}>
                    {i > 0 ? " and " : ""}
                    <code className="break-all font-mono">{name}</code>
                  </span>
                ))}{" "}
                on the server and restart it. The bot must be an administrator of the channel.
              </>
            )}
          </CardDescription>
        </CardHeader>
        {configured ? (
          <CardContent>
            <Button onClick={test} disabled={sendTest.isPending}>
              {sendTest.isPending ? "Sending…" : "Send test message"}
            </Button>
          </CardContent>
        ) : null}
      </Card>

      {posts.length === 0 ? (
        <Card className="bg-paper">
          <CardHeader>
            <CardTitle>Nothing Posted Yet</CardTitle>
            <CardDescription className="text-ink">
              Posts sent and failed appear here, newest first.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ol aria-label="Telegram posts, newest first" className="flex flex-col gap-2">
          {posts.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** The subject as staff read it: a race by its time, a headline by its id. */
function subjectOf(post: TelegramPost): string {
  switch (post.kind) {
    case "race_open":
    case "reminder":
      return `Race of ${formatEasternEt(post.subject)}`;
    case "winner":
    case "launch":
      return `Headline #${post.subject}`;
    default:
      return "From the dashboard";
  }
}

function PostRow({ post }: { post: TelegramPost }) {
  const status = STATUS_BADGE[post.status];
  return (
    <li className="flex flex-col gap-1 border-3 border-ink bg-paper p-3 text-sm shadow-pixel-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="font-bold">{TELEGRAM_POST_KIND_LABELS[post.kind]}</span>
        <time dateTime={post.updatedAt} className="text-ink/80">
          {formatEasternEt(post.updatedAt)}
        </time>
      </div>
      <p className="break-words">
        {subjectOf(post)}
        {post.attempts > 1 ? ` · ${post.attempts} attempts` : ""}
        {post.messageId !== null ? ` · message ${post.messageId}` : ""}
      </p>
      {post.error ? <p className="break-words font-mono text-xs text-ink">{post.error}</p> : null}
    </li>
  );
}
