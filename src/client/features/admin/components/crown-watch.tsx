import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { useAutopilot } from "../api/use-autopilot";
import { BurstAlert } from "./autopilot-tab";

/**
 * Above the tabs, whatever tab is open: a crown waiting out its window, a race left to the editors, and a
 * flagged burst that could decide the race before the close (issue 31: staff see the flag in time to act).
 */
export function CrownWatch({ onOpen }: { onOpen: () => void }) {
  const { data } = useAutopilot();
  if (!data) return null;
  const pending = data.pending[0];
  if (pending)
    return (
      <Alert variant="destructive" data-testid="crown-watch">
        <AlertTitle>
          {pending.kind === "proposal" ? "A Proposed Winner Waits" : "The Crown Is Held"}
        </AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          "{pending.title ?? "The top headline"}" is crowned when its veto window ends, unless vetoed.
          <Button size="sm" variant="secondary" onClick={onOpen}>
            Open the Autopilot tab
          </Button>
        </AlertDescription>
      </Alert>
    );
  if (data.awaiting)
    return (
      <Alert variant="destructive" data-testid="crown-watch">
        <AlertTitle>Awaiting the Editors</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          Nothing was crowned at the close.
          <Button size="sm" variant="secondary" onClick={onOpen}>
            Open the Autopilot tab
          </Button>
        </AlertDescription>
      </Alert>
    );
  return <BurstAlert status={data} />;
}
