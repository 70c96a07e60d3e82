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
import { useSecurityReset } from "../api/use-security-reset";
import { SecurityResetFormSchema, type SecurityResetFormValues } from "../security-reset-form";
import { useAdminMutationError } from "../use-admin-mutation-error";

/** The spec's security-reset timer: the success message stays this long before the logout. */
const REDIRECT_MS = 3000;
const ADMIN_ONLY = "Only administrators can run the security reset.";

const FIELDS: readonly { name: keyof SecurityResetFormValues; label: string }[] = [
  { name: "newAdminPassword", label: "New admin password" },
  { name: "confirmAdminPassword", label: "Confirm admin password" },
  { name: "newStaffPassword", label: "New staff password" },
  { name: "confirmStaffPassword", label: "Confirm staff password" },
];

/**
 * Security Reset: new passwords for the admin and staff accounts, and every session ends (this one too).
 * After the confirmation and the server's answer, the admin is logged out and sent to the login screen.
 */
export function SecurityResetTab() {
  const securityReset = useSecurityReset();
  const onAdminError = useAdminMutationError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState<SecurityResetFormValues | null>(null);
  const [updatedUsers, setUpdatedUsers] = useState<string[] | null>(null);
  const [refused, setRefused] = useState(false);
  const form = useForm<SecurityResetFormValues>({
    resolver: zodResolver(SecurityResetFormSchema),
    defaultValues: {
      newAdminPassword: "",
      confirmAdminPassword: "",
      newStaffPassword: "",
      confirmStaffPassword: "",
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!updatedUsers) return;
    const timer = setTimeout(() => {
      // The server already ended the session; forgetting the account here swaps the dashboard for the login.
      navigate("/admin");
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ queryKey: queryKeys.admin });
    }, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [updatedUsers, navigate, queryClient]);

  const onSubmit = form.handleSubmit((values) => {
    setRefused(false);
    setConfirming(values);
  });

  function onConfirm() {
    if (!confirming) return;
    const { newAdminPassword, newStaffPassword } = confirming;
    setConfirming(null);
    securityReset.mutate(
      { newAdminPassword, newStaffPassword },
      {
        onSuccess: (result) => {
          form.reset();
          setUpdatedUsers(result.updatedUsers);
          toast({ title: "Security reset complete", description: "Every session has ended. Log in again." });
        },
        onError: (error) => {
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

  if (updatedUsers) {
    return (
      <Alert variant="info">
        <AlertTitle>Security reset complete</AlertTitle>
        <AlertDescription>
          New passwords are set for {updatedUsers.length > 0 ? updatedUsers.join(" and ") : "no account"}.
          Every session has ended, yours too: you will be taken to the login screen in 3 seconds.
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
            Sets new passwords for the <strong>admin</strong> and <strong>staff</strong> accounts and logs
            everyone out, you included. Only administrators can do this.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
            {FIELDS.map(({ name, label }) => {
              const fieldId = `${id}-${name}`;
              const error = errors[name]?.message;
              return (
                <FormField key={name} id={fieldId} label={label} error={error}>
                  <Input
                    id={fieldId}
                    type="password"
                    autoComplete="new-password"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(fieldId, { error })}
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
              The admin and staff passwords change at once and every session ends, yours included. Anyone
              logged in now has to log in again with the new passwords.
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
