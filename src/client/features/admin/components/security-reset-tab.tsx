import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";
import { PASSWORD_HINT, type ResetAction, type SecurityResetResult } from "@/common/admin";
import { useSecurityReset } from "../api/use-security-reset";
import { SecurityResetFormSchema, type SecurityResetFormValues } from "../security-reset-form";
import { useAdminMutationError } from "../use-admin-mutation-error";

/** The spec's security-reset timer: the success message stays this long before the logout. */
const REDIRECT_MS = 3000;
const ADMIN_ONLY = "Only administrators can run the security reset.";

const FIELDS: readonly { name: keyof SecurityResetFormValues; label: string; hint?: string }[] = [
  {
    name: "currentPassword",
    label: "Your current password",
    hint: "The password you logged in with: the reset asks for it again.",
  },
  { name: "newAdminPassword", label: "New admin password", hint: PASSWORD_HINT },
  { name: "confirmAdminPassword", label: "Confirm admin password" },
  { name: "newStaffPassword", label: "New staff password", hint: PASSWORD_HINT },
  { name: "confirmStaffPassword", label: "Confirm staff password" },
];

/** What each outcome means, in the words the result list uses. */
const ACTION_TEXT: Record<ResetAction, string> = {
  "password set": "new password set",
  created: "created with the new password",
  disabled: "disabled until an administrator re-enables it with a new password",
  "stays disabled": "was already disabled and stays disabled",
};

/**
 * Security Reset: after the administrator's own password again, new passwords for the admin and staff
 * accounts, every other account disabled, and every session ended (this one too). The answer lists what
 * happened to each account; then the admin is logged out and sent to the login screen.
 */
export function SecurityResetTab() {
  const securityReset = useSecurityReset();
  const onAdminError = useAdminMutationError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState<SecurityResetFormValues | null>(null);
  const [result, setResult] = useState<SecurityResetResult | null>(null);
  const [refused, setRefused] = useState(false);
  const form = useForm<SecurityResetFormValues>({
    resolver: zodResolver(SecurityResetFormSchema),
    defaultValues: {
      currentPassword: "",
      newAdminPassword: "",
      confirmAdminPassword: "",
      newStaffPassword: "",
      confirmStaffPassword: "",
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => {
      // The server already ended the session; forgetting the account here swaps the dashboard for the login.
      navigate("/admin");
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ queryKey: queryKeys.admin });
    }, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate, queryClient]);

  const onSubmit = form.handleSubmit((values) => {
    setRefused(false);
    setConfirming(values);
  });

  function onConfirm() {
    if (!confirming) return;
    const { currentPassword, newAdminPassword, newStaffPassword } = confirming;
    setConfirming(null);
    securityReset.mutate(
      { currentPassword, newAdminPassword, newStaffPassword },
      {
        onSuccess: (answer) => {
          form.reset();
          setResult(answer);
          toast({ title: "Security reset complete", description: "Every session has ended. Log in again." });
        },
        onError: (error) => {
          // The server's per-field reasons: a wrong current password (403), a common new one (400).
          const fields = error instanceof ApiError ? Object.entries(error.errors) : [];
          const known = fields.filter(([name]) => FIELDS.some((f) => f.name === name));
          if (error instanceof ApiError && known.length > 0) {
            for (const [name, message] of known) {
              form.setError(name as keyof SecurityResetFormValues, { message }, { shouldFocus: true });
            }
            toast({ variant: "destructive", title: "Security Reset Failed", description: error.detail });
            return;
          }
          if (error instanceof ApiError && error.status === 403) {
            setRefused(true);
            toast({ variant: "destructive", title: "Security Reset Failed", description: ADMIN_ONLY });
            return;
          }
          onAdminError(error, "Security Reset Failed");
        },
      },
    );
  }

  if (result) {
    return (
      <Alert variant="info">
        <AlertTitle>Security reset complete</AlertTitle>
        <AlertDescription className="flex flex-col gap-2">
          <ul aria-label="What happened to each account" className="flex flex-col gap-1">
            {result.accounts.map((account) => (
              <li key={account.username} className="break-words">
                <strong className="break-all">{account.username}</strong>: {ACTION_TEXT[account.action]}
              </li>
            ))}
          </ul>
          <span>Every session has ended, yours too: you will be taken to the login screen in 3 seconds.</span>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <h3 id={`${id}-title`} className="font-pixel text-xs leading-relaxed sm:text-sm">
            Reset All Passwords
          </h3>
          <CardDescription className="text-ink">
            Sets new passwords for the <strong>admin</strong> and <strong>staff</strong> accounts, disables
            every other account until an administrator re-enables it, and logs everyone out, you included.
            Only administrators can do this.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
            {FIELDS.map(({ name, label, hint }) => {
              const fieldId = `${id}-${name}`;
              const error = errors[name]?.message;
              return (
                <FormField key={name} id={fieldId} label={label} hint={hint} error={error}>
                  <Input
                    id={fieldId}
                    type="password"
                    autoComplete={name === "currentPassword" ? "current-password" : "new-password"}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(fieldId, { hint, error })}
                    {...form.register(name)}
                  />
                </FormField>
              );
            })}
            {refused ? (
              <Alert variant="destructive">
                <AlertTitle>Not allowed</AlertTitle>
                <AlertDescription>{ADMIN_ONLY}</AlertDescription>
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="destructive"
              disabled={securityReset.isPending}
              className="sm:w-fit"
            >
              {securityReset.isPending ? "Resetting..." : "Reset Passwords"}
            </Button>
          </form>
        </CardContent>
      </Card>

      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
            <AlertDialogDescription>
              The admin and staff passwords change at once, every other account is disabled, and every session
              ends, yours included. Anyone logged in now has to log in again with the new passwords.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onConfirm}>
              Yes, reset everything
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
