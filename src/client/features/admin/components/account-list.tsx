import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError, errorDetail } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";
import {
  type EnableAccountInput,
  EnableAccountInputSchema,
  PASSWORD_HINT,
  type StaffAccount,
} from "@/common/admin";
import { useUser } from "../../session/api/use-user";
import { useDeleteAccount, useDisableAccount, useEnableAccount } from "../api/use-account-actions";
import { useStaffAccounts } from "../api/use-staff-accounts";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { CardActions, CardList, Fact } from "./admin-headline-card";
import { ConfirmButton } from "./confirm-button";
import { QueryState } from "./query-state";

function formatWhen(iso: string): string {
  return format(new Date(iso), "MMM d, yyyy h:mm a");
}

/**
 * The accounts (administrators only): who they are, when they last logged in, and disable / re-enable /
 * delete. Disabling or deleting logs the account out at once; re-enabling always sets a new password.
 */
export function AccountList() {
  const accounts = useStaffAccounts();
  const user = useUser();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="font-pixel text-xs leading-relaxed sm:text-sm">
          Accounts
        </h3>
        <p className="text-sm text-ink-soft">
          Disabling or deleting an account logs it out at once. A disabled account can log in again only after
          an administrator re-enables it with a new password.
        </p>
      </div>
      <QueryState
        query={accounts}
        loadingLabel="Loading accounts"
        errorTitle="Could not load the accounts"
        emptyTitle="No accounts"
        emptyText="Register a staff member above."
      >
        {(items) => (
          <CardList label="Accounts">
            {items.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                isSelf={account.username === user.data?.username}
              />
            ))}
          </CardList>
        )}
      </QueryState>
    </section>
  );
}

function AccountCard({ account, isSelf }: { account: StaffAccount; isSelf: boolean }) {
  const disable = useDisableAccount();
  const remove = useDeleteAccount();
  const onAdminError = useAdminMutationError();
  const queryClient = useQueryClient();
  const disabled = account.disabledAt !== null;
  const busy = disable.isPending || remove.isPending;

  function onDisable() {
    disable.mutate(account.id, {
      onSuccess: () => {
        toast({
          title: "Account disabled",
          description: `${account.username} is logged out and cannot log in until re-enabled.`,
        });
        // Disabling oneself ended this session too: back to the login form.
        if (isSelf) queryClient.setQueryData(queryKeys.user, null);
      },
      onError: (error) => onAdminError(error, "Disable failed"),
    });
  }

  function onDelete() {
    remove.mutate(account.id, {
      onSuccess: () =>
        toast({ title: "Account deleted", description: `${account.username} can no longer log in.` }),
      onError: (error) => onAdminError(error, "Delete failed"),
    });
  }

  return (
    <li className="flex min-w-0 flex-col gap-3 border-3 border-ink bg-paper p-4 shadow-pixel-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="mr-auto min-w-0 font-serif text-lg font-bold break-all">{account.username}</h4>
        {isSelf ? <Badge variant="paper">You</Badge> : null}
        <Badge variant={account.isAdmin ? "blue" : "cyan"}>
          {account.isAdmin ? "Administrator" : "Staff"}
        </Badge>
        <Badge variant={disabled ? "red" : "green"}>{disabled ? "Disabled" : "Enabled"}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Fact label="Created">
          <time dateTime={account.createdAt}>{formatWhen(account.createdAt)}</time>
        </Fact>
        <Fact label="Last login">
          {account.lastLoginAt ? (
            <time dateTime={account.lastLoginAt}>{formatWhen(account.lastLoginAt)}</time>
          ) : (
            "Never"
          )}
        </Fact>
        {account.disabledAt ? (
          <Fact label="Disabled">
            <time dateTime={account.disabledAt}>{formatWhen(account.disabledAt)}</time>
          </Fact>
        ) : null}
      </dl>
      <CardActions>
        {disabled ? (
          <EnableAccountDialog account={account} />
        ) : (
          <ConfirmButton
            variant="secondary"
            size="sm"
            aria-label={`Disable ${account.username}`}
            disabled={busy}
            steps={[
              {
                title: isSelf ? "Disable your own account?" : `Disable ${account.username}?`,
                description: isSelf
                  ? "You will be logged out at once, and only another administrator can re-enable you."
                  : `${account.username} is logged out at once and cannot log in until an administrator re-enables the account with a new password.`,
                confirmLabel: "Disable",
              },
            ]}
            onConfirm={onDisable}
          >
            {disable.isPending ? "Disabling..." : "Disable"}
          </ConfirmButton>
        )}
        {/* The server refuses deleting oneself: another administrator does it, and the audit says who. */}
        {isSelf ? null : (
          <ConfirmButton
            variant="destructive"
            size="sm"
            tone="destructive"
            aria-label={`Delete ${account.username}`}
            disabled={busy}
            steps={[
              {
                title: `Delete ${account.username}?`,
                description: `The account is removed for good and logged out at once. Its past actions stay in the audit log.`,
                confirmLabel: "Delete",
              },
            ]}
            onConfirm={onDelete}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </ConfirmButton>
        )}
      </CardActions>
    </li>
  );
}

/** Re-enabling asks for the new password (the old one may be what an intruder knows). */
function EnableAccountDialog({ account }: { account: StaffAccount }) {
  const [open, setOpen] = useState(false);
  const enable = useEnableAccount();
  const onAdminError = useAdminMutationError();
  const id = useId();
  const fieldId = `${id}-password`;
  const form = useForm<EnableAccountInput>({
    resolver: zodResolver(EnableAccountInputSchema),
    defaultValues: { password: "" },
  });
  // A refused password keeps the dialog open, and the page behind it (toasts included) is hidden from
  // screen readers while it is: the server's reason is said under the field.
  const error =
    form.formState.errors.password?.message ??
    (enable.error instanceof ApiError && enable.error.status === 400
      ? (enable.error.errors.password ?? errorDetail(enable.error, "Re-enable failed"))
      : undefined);

  function onOpenChange(next: boolean) {
    if (next) {
      form.reset({ password: "" });
      enable.reset();
    }
    setOpen(next);
  }

  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(
      { id: account.id, password: values.password },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: "Account re-enabled",
            description: `${account.username} can log in with the new password.`,
          });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400) return; // shown under the field
          setOpen(false);
          onAdminError(err, "Re-enable failed");
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="green" size="sm" aria-label={`Re-enable ${account.username}`}>
          Re-enable
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Re-enable {account.username}</DialogTitle>
          <DialogDescription>
            Set a new password for the account: the old one stays unusable. Give it to {account.username} in a
            safe way.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField id={fieldId} label="New password" hint={PASSWORD_HINT} error={error}>
            <Input
              id={fieldId}
              type="password"
              autoComplete="new-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(fieldId, { hint: PASSWORD_HINT, error })}
              {...form.register("password")}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="green" disabled={enable.isPending}>
              {enable.isPending ? "Re-enabling..." : "Re-enable Account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
