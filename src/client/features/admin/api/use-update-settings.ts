import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { UpdateSettingsInput, UpdateSettingsResult } from "@/common/admin";
import { localTimeZone } from "@/common/time";
import { withLocalTime } from "@/common/time-text";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function updateSettings(input: UpdateSettingsInput) {
  return apiRequest<UpdateSettingsResult>("PUT", "/api/admin/settings", { body: input });
}

/**
 * PUT /api/admin/settings with times computed by src/common/schedule.ts. The spec names the failure toast
 * after the button ("Timer reset failed" for the daily reset, "Settings update failed" otherwise), so the
 * caller says which.
 */
export function useUpdateSettings(failureTitle: "Timer reset failed" | "Settings update failed") {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      toast({
        title: "Countdown updated",
        // A close already past was moved to the next day: the server's notice says so.
        description:
          settings.notice ??
          `Voting ends ${withLocalTime(settings.votingEndTime, localTimeZone())}; launch ${withLocalTime(settings.launchTime, localTimeZone())}.`,
      });
      return refreshLists(queryClient, { settings: true });
    },
    onError: (error) => onAdminError(error, failureTitle),
  });
}
