import { PageHeading } from "@/client/components/page-heading";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { AdminDashboard } from "@/client/features/admin/components/admin-dashboard";
import { useUser } from "@/client/features/session/api/use-user";
import { AccountBar } from "@/client/features/session/components/account-bar";
import { AdminLoginForm } from "@/client/features/session/components/admin-login-form";
import { errorDetail } from "@/client/lib/api-client";

/**
 * Admin Controls (a lazy chunk: visitors never download it). The session is checked on load; without one
 * the login form shows, and any admin call that answers 401 later sets the session to "none", which
 * brings the form back.
 */
export function Admin() {
  const user = useUser();

  return (
    <>
      <PageHeading title="Admin Controls" />
      {user.isPending ? (
        <SkeletonGroup label="Checking your session" className="flex flex-col gap-6">
          <div className="grid grid-cols-3 gap-3 sm:gap-6">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </SkeletonGroup>
      ) : user.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not check your session</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            {errorDetail(user.error, "Please try again later.")}
            <Button variant="secondary" size="sm" onClick={() => user.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : user.data ? (
        <AdminDashboard isAdmin={user.data.isAdmin} account={<AccountBar user={user.data} />} />
      ) : (
        <AdminLoginForm />
      )}
    </>
  );
}
