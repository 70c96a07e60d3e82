import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { PASSWORD_HINT, RegisterStaffInputSchema } from "@/common/admin";
import { useRegisterStaff } from "../api/use-register-staff";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { AccountList } from "./account-list";

/** The spec's staff success timer: "Registered!" stays this long, then the form is empty again. */
const REGISTERED_MS = 3000;

const ADMIN_ONLY = "Only administrators can register staff.";

type StaffFormValues = z.input<typeof RegisterStaffInputSchema>;

/** Staff Management: register an account, and the list of accounts with their actions. */
export function StaffTab() {
  return (
    <div className="flex flex-col gap-8">
      <RegisterStaffForm />
      <AccountList />
    </div>
  );
}

/** Registers an account (administrator by default, staff with the switch off). */
function RegisterStaffForm() {
  const register = useRegisterStaff();
  const onAdminError = useAdminMutationError();
  const id = useId();
  const [registered, setRegistered] = useState(false);
  const [refused, setRefused] = useState(false);
  const form = useForm<StaffFormValues, unknown, z.output<typeof RegisterStaffInputSchema>>({
    resolver: zodResolver(RegisterStaffInputSchema),
    defaultValues: { username: "", password: "", isAdmin: true },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => {
      setRegistered(false);
      form.reset();
    }, REGISTERED_MS);
    return () => clearTimeout(timer);
  }, [registered, form]);

  const onSubmit = form.handleSubmit((values) => {
    setRefused(false);
    register.mutate(values, {
      onSuccess: (account) => {
        setRegistered(true);
        toast({
          title: "Staff registered",
          description: `${account.username} can now log in as ${account.isAdmin ? "an administrator" : "staff"}.`,
        });
      },
      onError: (error) => {
        // The server's per-field reasons: a taken username (409) or a common password (400).
        if (error instanceof ApiError && error.errors.password) {
          form.setError("password", { message: error.errors.password }, { shouldFocus: true });
          toast({ variant: "destructive", title: "Registration failed", description: error.detail });
          return;
        }
        if (error instanceof ApiError && error.status === 409) {
          form.setError("username", { message: error.detail }, { shouldFocus: true });
          toast({ variant: "destructive", title: "Registration failed", description: error.detail });
          return;
        }
        if (error instanceof ApiError && error.status === 403) {
          setRefused(true);
          toast({ variant: "destructive", title: "Registration failed", description: ADMIN_ONLY });
          return;
        }
        onAdminError(error, "Registration failed");
      },
    });
  });

  const usernameId = `${id}-username`;
  const passwordId = `${id}-password`;
  const adminId = `${id}-admin`;
  const passwordHint = PASSWORD_HINT;
  const busy = register.isPending || registered;

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <h3 id={`${id}-title`} className="font-pixel text-xs leading-relaxed sm:text-sm">
            Register a Staff Member
          </h3>
          <CardDescription className="text-ink">
            Register a new account for the dashboard. Only administrators can do this.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
            <FormField id={usernameId} label="Username" error={errors.username?.message}>
              <Input
                id={usernameId}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={describedBy(usernameId, { error: errors.username?.message })}
                {...form.register("username")}
              />
            </FormField>
            <FormField id={passwordId} label="Password" hint={passwordHint} error={errors.password?.message}>
              <Input
                id={passwordId}
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy(passwordId, {
                  hint: passwordHint,
                  error: errors.password?.message,
                })}
                {...form.register("password")}
              />
            </FormField>
            <div className="flex flex-col gap-1">
              <div className="flex items-center gap-3">
                <Controller
                  control={form.control}
                  name="isAdmin"
                  render={({ field }) => (
                    <Switch
                      id={adminId}
                      checked={field.value ?? true}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      aria-describedby={`${adminId}-hint`}
                    />
                  )}
                />
                <Label htmlFor={adminId}>Administrator</Label>
              </div>
              <p id={`${adminId}-hint`} className="text-sm text-ink-soft">
                On: full access, staff management and the security reset included. Off: a staff account.
              </p>
            </div>
            {refused ? (
              <Alert variant="destructive">
                <AlertTitle>Not allowed</AlertTitle>
                <AlertDescription>{ADMIN_ONLY}</AlertDescription>
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant={registered ? "green" : "default"}
              disabled={busy}
              className="sm:w-fit"
            >
              {registered ? "Registered!" : register.isPending ? "Registering..." : "Register Staff"}
            </Button>
            <p role="status" className="sr-only">
              {registered ? "Registered!" : ""}
            </p>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
