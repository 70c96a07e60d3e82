import { useId } from "react";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import type { HeadlineStage } from "@/common/headline";
import { listSwitchRefusal } from "@/common/headline-rules";
import { useToggleTodaysNews } from "../api/use-toggle-todays-news";
import { useToggleTomorrowsNews } from "../api/use-toggle-tomorrows-news";
import { Reason } from "./reason";

interface Flags {
  id: number;
  title: string;
  isTodaysNews: boolean;
  isTomorrowsNews: boolean;
  /** The public lists' headlines have no stage: they are all in play. */
  stage?: HeadlineStage;
}

/**
 * The Today's News and Tomorrow's News switches; each shows its new state while the server flips it. On a
 * headline the server would refuse (a winner, a launched token), they are drawn off and disabled with the
 * server's reason beside them (issue 31).
 */
export function HeadlineSwitches({ headline }: { headline: Flags }) {
  const todays = useToggleTodaysNews();
  const tomorrows = useToggleTomorrowsNews();
  const reasonId = useId();
  const refusal = headline.stage ? listSwitchRefusal(headline.stage) : null;
  const describedBy = refusal ? reasonId : undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <FlagSwitch
          id={`todays-${headline.id}`}
          label="Today's News"
          title={headline.title}
          checked={todays.isPending ? !headline.isTodaysNews : headline.isTodaysNews}
          disabled={todays.isPending || refusal !== null}
          describedBy={describedBy}
          onToggle={() => todays.mutate(headline.id)}
        />
        <FlagSwitch
          id={`tomorrows-${headline.id}`}
          label="Tomorrow's News"
          title={headline.title}
          checked={tomorrows.isPending ? !headline.isTomorrowsNews : headline.isTomorrowsNews}
          disabled={tomorrows.isPending || refusal !== null}
          describedBy={describedBy}
          onToggle={() => tomorrows.mutate(headline.id)}
        />
      </div>
      {refusal ? <Reason id={reasonId}>{refusal}</Reason> : null}
    </div>
  );
}

function FlagSwitch(props: {
  id: string;
  label: string;
  title: string;
  checked: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onToggle: () => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onCheckedChange={props.onToggle}
      />
      <Label htmlFor={props.id} className={props.disabled ? "cursor-not-allowed" : "cursor-pointer"}>
        {props.label}
        <span className="sr-only"> for {props.title}</span>
      </Label>
    </div>
  );
}
