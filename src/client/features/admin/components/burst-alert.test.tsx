// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SUSPICIOUS_BURST } from "@/common/vote-evidence";
import { BurstAlert } from "./autopilot-tab";

afterEach(cleanup);

const SETTINGS = {
  quorumVoters: 5,
  minLead: 2,
  vetoMinutes: 30,
  importHour: 6,
  launchDelayedHour: 23,
  importSources: [],
  trustedSources: [],
};
const BURST = { headlineId: 7, title: "Moose buys the lake", votes: 7, networks: 1 };

/**
 * A flagged burst that could decide the race shows above every tab before the close, saying what staff can
 * do in the time they have (issue 31: a race decided 18-17 by 7 votes in 10 s was crowned before anyone saw).
 */
describe("BurstAlert", () => {
  it("names the headline, the votes and the networks, and the veto window staff have without the autopilot", () => {
    render(<BurstAlert status={{ enabled: false, burst: BURST, settings: SETTINGS }} />);
    const alert = screen.getByTestId("burst-flag");
    expect(alert.textContent).toContain("Flagged Burst Could Decide the Race");
    expect(alert.textContent).toContain(
      `7 votes from one network (${SUSPICIOUS_BURST.votes}+ within ${SUSPICIOUS_BURST.minutes} minutes) put "Moose buys the lake" on top.`,
    );
    expect(alert.textContent).toContain(
      "The crown will wait 30 minutes after the close for staff: void them on Vote Evidence, or veto.",
    );
  });

  it("says the autopilot crowns nothing unless the votes are voided, and nothing when no burst is flagged", () => {
    const { rerender } = render(
      <BurstAlert status={{ enabled: true, burst: { ...BURST, networks: 3 }, settings: SETTINGS }} />,
    );
    expect(screen.getByTestId("burst-flag").textContent).toContain("7 votes from 3 networks");
    expect(screen.getByTestId("burst-flag").textContent).toContain(
      "The autopilot will crown nothing at the close unless they are voided.",
    );
    rerender(<BurstAlert status={{ enabled: true, burst: null, settings: SETTINGS }} />);
    expect(screen.queryByTestId("burst-flag")).toBeNull();
  });
});
