import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { type LoginInput, LoginInputSchema } from "@/common/admin";
import { useLogin } from "../api/use-login";

/**
 * The "Admin Login" form shown on /admin to anyone without a session. A wrong password gets the spec's
 * generic toast and, under the form where it stays after the toast has gone, the spec's "Invalid username or
 * password" (never which field was wrong); a throttled login (429) shows the server's message, which says
 * how long to wait.
 */
export function AdminLoginForm() {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onError: (error) => {
        const throttled = error instanceof ApiError && error.status === 429;
        setFailure(throttled ? error.detail : "Invalid username or password");
        toast({
          title: "Login failed",
          description: throttled ? error.detail : "Please check your credentials",
          variant: "destructive",
        });
        form.resetField("password");
      },
    });
  });

  return (
    <Card className="mx-auto w-full max-w-md bg-paper">
      <CardHeader>
        <CardTitle>Admin Login</CardTitle>
        <CardDescription>Log in with your staff account to manage the paper.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Admin Login">
          <FormField id="login-username" label="Username" error={errors.username?.message}>
            <Input
              id="login-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={describedBy("login-username", { error: errors.username?.message })}
              {...form.register("username")}
            />
          </FormField>
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            <Input
              id="login-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy("login-password", { error: errors.password?.message })}
              {...form.register("password")}
            />
          </FormField>
          <Button type="submit" variant="blue" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Log In"}
          </Button>
          {failure ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
        </form>
        <Alert variant="info" role="note">
          <AlertDescription>
            Only administrators and staff of the paper can access this page.
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}
