import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { useToggleTodaysNews } from "../api/use-toggle-todays-news";
import { useToggleTomorrowsNews } from "../api/use-toggle-tomorrows-news";

interface Flags {
  id: number;
  title: string;
  isTodaysNews: boolean;
  isTomorrowsNews: boolean;
}

/** The Today's News and Tomorrow's News switches; each shows its new state while the server flips it. */
export function HeadlineSwitches({ headline }: { headline: Flags }) {
  const todays = useToggleTodaysNews();
  const tomorrows = useToggleTomorrowsNews();
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2">
      <FlagSwitch
        id={`todays-${headline.id}`}
        label="Today's News"
        title={headline.title}
        checked={todays.isPending ? !headline.isTodaysNews : headline.isTodaysNews}
        disabled={todays.isPending}
        onToggle={() => todays.mutate(headline.id)}
      />
      <FlagSwitch
        id={`tomorrows-${headline.id}`}
        label="Tomorrow's News"
        title={headline.title}
        checked={tomorrows.isPending ? !headline.isTomorrowsNews : headline.isTomorrowsNews}
        disabled={tomorrows.isPending}
        onToggle={() => tomorrows.mutate(headline.id)}
      />
    </div>
  );
}

function FlagSwitch(props: {
  id: string;
  label: string;
  title: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onToggle}
      />
      <Label htmlFor={props.id} className="cursor-pointer">
        {props.label}
        <span className="sr-only"> for {props.title}</span>
      </Label>
    </div>
  );
}
