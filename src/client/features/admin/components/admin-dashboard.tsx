import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { ActionBar } from "./action-bar";
import { ActiveTab } from "./active-tab";
import { ArchiveTab } from "./archive-tab";
import { AuditTab } from "./audit-tab";
import { AutopilotTab } from "./autopilot-tab";
import { CrownWatch } from "./crown-watch";
import { NotificationsTab } from "./notifications-tab";
import { PendingTab } from "./pending-tab";
import { SecurityResetTab } from "./security-reset-tab";
import { StaffTab } from "./staff-tab";
import { SummaryCards } from "./summary-cards";
import { TelegramTab } from "./telegram-tab";
import { TomorrowsNewsTab } from "./tomorrows-news-tab";
import { TrendingHeadlinesTab } from "./trending-headlines-tab";
import { TrendingTokensTab } from "./trending-tokens-tab";
import { VoteEvidenceTab } from "./vote-evidence-tab";
import { WinnersTab } from "./winners-tab";
import { YesterdaysNewsTab } from "./yesterdays-news-tab";

interface TabDef {
  value: string;
  label: string;
  /** Staff management and the security reset answer 403 to staff accounts, so staff do not see them. */
  adminOnly?: boolean;
  render: (isAdmin: boolean) => ReactNode;
}

const TABS: TabDef[] = [
  { value: "pending", label: "Pending Approval", render: () => <PendingTab /> },
  { value: "active", label: "Active Headlines", render: () => <ActiveTab /> },
  { value: "vote-evidence", label: "Vote Evidence", render: () => <VoteEvidenceTab /> },
  { value: "winners", label: "Winners", render: () => <WinnersTab /> },
  { value: "archive", label: "Archive", render: () => <ArchiveTab /> },
  { value: "yesterdays-news", label: "Yesterday's News", render: () => <YesterdaysNewsTab /> },
  { value: "tomorrows-news", label: "Tomorrow's News", render: () => <TomorrowsNewsTab /> },
  { value: "trending-headlines", label: "Trending Headlines", render: () => <TrendingHeadlinesTab /> },
  { value: "trending-tokens", label: "Trending Tokens", render: () => <TrendingTokensTab /> },
  { value: "notifications", label: "Notifications", render: () => <NotificationsTab /> },
  { value: "autopilot", label: "Autopilot", render: (isAdmin) => <AutopilotTab isAdmin={isAdmin} /> },
  { value: "telegram", label: "Telegram", render: () => <TelegramTab /> },
  { value: "audit", label: "Audit", render: () => <AuditTab /> },
  { value: "staff", label: "Staff Management", adminOnly: true, render: () => <StaffTab /> },
  { value: "security-reset", label: "Security Reset", adminOnly: true, render: () => <SecurityResetTab /> },
];

/**
 * The logged-in dashboard: counts, the cycle's actions, then one tab per list. Radix mounts only the open
 * tab, so each list (and its request) loads when it is opened.
 */
export function AdminDashboard({ isAdmin, account }: { isAdmin: boolean; account?: ReactNode }) {
  const tabs = TABS.filter((t) => isAdmin || !t.adminOnly);
  // The open tab lives in the URL (?tab=winners), so a reload or a shared link opens the same list. Read
  // and set by hand: react-router's useSearchParams would be in every public page's first load (the router
  // is in the entry, with every part of it that any page uses), for this page alone.
  const navigate = useNavigate();
  const requested = new URLSearchParams(useLocation().search).get("tab");
  const tab = tabs.some((t) => t.value === requested) ? (requested as string) : "pending";
  const setTab = (value: string) => navigate(`?${new URLSearchParams({ tab: value })}`, { replace: true });

  return (
    <div className="flex flex-col gap-8">
      {account}
      <SummaryCards />
      <CrownWatch onOpen={() => setTab("autopilot")} />
      <ActionBar />
      <section aria-labelledby="lists-heading" className="flex flex-col gap-2">
        <h2 id="lists-heading" className="sr-only">
          Lists
        </h2>
        <Tabs value={tab} onValueChange={setTab}>
          {/* A two-column grid on a phone, every tab in sight (a sideways strip hid most of them); a row above. */}
          <TabsList
            aria-label="Dashboard sections"
            className="grid grid-cols-2 pt-1 pb-3 sm:flex sm:flex-wrap"
          >
            {tabs.map((t) => (
              <TabsTrigger
                key={t.value}
                value={t.value}
                className="justify-center text-center sm:justify-start"
              >
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((t) => (
            <TabsContent key={t.value} value={t.value} className="flex flex-col gap-4">
              <h2 className="font-pixel text-sm uppercase sm:text-base">{t.label}</h2>
              {t.render(isAdmin)}
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </div>
  );
}
