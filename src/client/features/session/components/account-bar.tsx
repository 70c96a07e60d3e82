import { Button } from "@/client/components/ui/button";
import { useLogout } from "../api/use-logout";
import type { SessionUser } from "../api/use-user";

/** Who is logged in, and the way out. */
export function AccountBar({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-base">
        Logged in as <strong className="break-all">{user.username}</strong>{" "}
        <span className="text-ink-soft">({user.isAdmin ? "administrator" : "staff"})</span>
      </p>
      <Button variant="secondary" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {logout.isPending ? "Logging out..." : "Log out"}
      </Button>
    </div>
  );
}
