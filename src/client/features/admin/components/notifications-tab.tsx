import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
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
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/lib/use-toast";
import { NOTIFICATION_MAX_LENGTH, NotificationInputSchema } from "@/common/admin";
import type { Notification } from "@/common/notification";
import { formatEasternEt, withLocalTime } from "@/common/time-text";
import { useNotificationsAdmin } from "../api/use-notifications-admin";
import { useNotificationsAdminCreate } from "../api/use-notifications-admin-create";
import { useNotificationsAdminDelete } from "../api/use-notifications-admin-delete";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { useAdminQueryError } from "../use-admin-query-error";

const EXPIRY_IN_PAST = "The expiry must be in the future";

/**
 * The form's view of a notification: the message rule is the shared one; the expiry is the value of a
 * datetime-local field (local time, no zone), turned into an instant only when it is sent.
 */
const NotificationFormSchema = z.object({
  message: NotificationInputSchema.shape.message,
  expiresAt: z
    .string()
    .refine((v) => v === "" || Number.isFinite(Date.parse(v)), "Invalid Date/Time")
    .refine((v) => v === "" || Date.parse(v) > Date.now(), EXPIRY_IN_PAST),
});
type NotificationFormValues = z.infer<typeof NotificationFormSchema>;

/** datetime-local's format, for the field's `min` (the earliest expiry the picker offers). */
function localDateTimeNow(): string {
  return format(new Date(), "yyyy-MM-dd'T'HH:mm");
}

/** The reader's zone: the expiry field is in it, as a datetime-local field always is. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A notification's moments as the rest of the site writes them: ET, with the reader's own time beside. */
function formatWhen(iso: string): string {
  return withLocalTime(iso, LOCAL_ZONE, formatEasternEt);
}

/** Notifications: short messages for the news ticker under the masthead, optionally with an expiry. */
export function NotificationsTab() {
  const notifications = useNotificationsAdmin();
  // The list owns the delete: the item unmounts as soon as the list refetches, and the toast must still show.
  const remove = useNotificationsAdminDelete();
  const onAdminError = useAdminMutationError();
  const id = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  useAdminQueryError(notifications.error);

  function onDelete(notificationId: number) {
    remove.mutate(notificationId, {
      onSuccess: () => {
        toast({ title: "Notification deleted", description: "It no longer runs in the news ticker." });
        // The deleted item (and the button that had the focus) is gone: keep keyboard users in the list.
        listHeadingRef.current?.focus();
      },
      onError: (error) => onAdminError(error, "Delete failed"),
    });
  }

  return (
    <div className="flex flex-col gap-8">
      <CreateNotificationForm />
      <section aria-labelledby={`${id}-active`} className="flex flex-col gap-4">
        <h3
          ref={listHeadingRef}
          tabIndex={-1}
          id={`${id}-active`}
          className="font-pixel text-xs leading-relaxed sm:text-sm"
        >
          Active Notifications
        </h3>
        {notifications.isPending ? (
          <Spinner label="Loading notifications" />
        ) : notifications.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load notifications</AlertTitle>
            <AlertDescription>Please try again later.</AlertDescription>
          </Alert>
        ) : notifications.data.length === 0 ? (
          <Alert>
            <AlertDescription>No active notifications. The ticker is quiet.</AlertDescription>
          </Alert>
        ) : (
          <ul aria-labelledby={`${id}-active`} className="flex flex-col gap-3">
            {notifications.data.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  deleting={remove.isPending && remove.variables === notification.id}
                  onDelete={() => onDelete(notification.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CreateNotificationForm() {
  const create = useNotificationsAdminCreate();
  const onAdminError = useAdminMutationError();
  const id = useId();
  const form = useForm<NotificationFormValues>({
    resolver: zodResolver(NotificationFormSchema),
    defaultValues: { message: "", expiresAt: "" },
  });
  const { errors } = form.formState;
  const messageLength = form.watch("message").length;
  // Fixed when the form mounts: it only guides the picker; the schema checks the real "now" on submit.
  const [minExpiry] = useState(localDateTimeNow);

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(
      {
        message: values.message.trim(),
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
      },
      {
        onSuccess: () => {
          toast({ title: "Notification created", description: "It now runs in the news ticker." });
          form.reset();
        },
        onError: (error) => onAdminError(error, "Operation Failed"),
      },
    );
  });

  const messageId = `${id}-message`;
  const expiryId = `${id}-expiry`;
  const messageHint = `${messageLength} / ${NOTIFICATION_MAX_LENGTH} characters`;
  const expiryHint = `Optional, in your own time (${LOCAL_ZONE}). Without an expiry it runs until you delete it.`;

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <h3 id={`${id}-title`} className="font-pixel text-xs leading-relaxed sm:text-sm">
            New Notification
          </h3>
          <CardDescription className="text-ink">
            Post a message to the news ticker every visitor sees under the masthead.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <FormField id={messageId} label="Message" hint={messageHint} error={errors.message?.message}>
              <Textarea
                id={messageId}
                rows={3}
                maxLength={NOTIFICATION_MAX_LENGTH}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={describedBy(messageId, {
                  hint: messageHint,
                  error: errors.message?.message,
                })}
                {...form.register("message")}
              />
            </FormField>
            <FormField id={expiryId} label="Expires at" hint={expiryHint} error={errors.expiresAt?.message}>
              <Input
                id={expiryId}
                type="datetime-local"
                min={minExpiry}
                className="sm:max-w-xs"
                aria-invalid={errors.expiresAt ? true : undefined}
                aria-describedby={describedBy(expiryId, {
                  hint: expiryHint,
                  error: errors.expiresAt?.message,
                })}
                {...form.register("expiresAt")}
              />
            </FormField>
            <Button type="submit" disabled={create.isPending} className="sm:w-fit">
              {create.isPending ? "Posting..." : "Post Notification"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

function NotificationItem({
  notification,
  deleting,
  onDelete,
}: {
  notification: Notification;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Card className="bg-paper">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-base wrap-anywhere">{notification.message}</p>
          <p className="text-sm text-ink-soft">
            Posted {formatWhen(notification.createdAt)} ·{" "}
            {notification.expiresAt ? `Expires ${formatWhen(notification.expiresAt)}` : "No expiry"}
          </p>
        </div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="destructive"
              size="sm"
              disabled={deleting}
              aria-label={`Delete notification: ${notification.message}`}
              className="shrink-0"
            >
              {deleting ? "Deleting..." : "Delete"}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete this notification?</AlertDialogTitle>
              <AlertDialogDescription>
                &ldquo;{notification.message}&rdquo; will stop running in the news ticker for every visitor.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={onDelete}>
                Delete
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </Card>
  );
}
