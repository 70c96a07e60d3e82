import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";
import type { AutopilotInput, AutopilotStatus } from "@/common/autopilot";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

/**
 * GET /api/admin/autopilot: the switch, every step's times and results, a proposal's window, the burst
 * flag. Polled: the close and the steps happen on their own, and a countdown must not show a stale window.
 */
export function useAutopilot() {
  return useQuery({
    queryKey: queryKeys.autopilot,
    queryFn: ({ signal }) => apiGet<AutopilotStatus>("/api/admin/autopilot", signal),
    refetchInterval: 15_000,
  });
}

/** PUT /api/admin/autopilot (administrators): the kill switch and the settings. */
export function useSaveAutopilot() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: (input: AutopilotInput) =>
      apiRequest<AutopilotStatus>("PUT", "/api/admin/autopilot", { body: input }),
    onSuccess: (status, input) => {
      queryClient.setQueryData(queryKeys.autopilot, status);
      toast({
        title: input.settings
          ? "Autopilot settings saved"
          : status.enabled
            ? "Autopilot on"
            : "Autopilot off",
        description: status.enabled
          ? "The steps run on their own, each behind its guard."
          : "No step runs on its own: staff run the paper by hand.",
      });
    },
    onError: (error) => onAdminError(error, "Autopilot update failed"),
  });
}

/** POST /api/admin/autopilot/veto: the proposal is refused with a reason; the race waits for the editors. */
export function useVetoProposal() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<{ headlineId: number | null }>("POST", "/api/admin/autopilot/veto", { body: { reason } }),
    onSuccess: () => {
      toast({ title: "Proposal vetoed", description: "Nothing is crowned: the race waits for the editors." });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.autopilot }),
        refreshLists(queryClient),
      ]);
    },
    onError: (error) => onAdminError(error, "Veto failed"),
  });
}

/** POST /api/admin/autopilot/crown: staff crown the proposal before its window ends. */
export function useCrownProposal() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: () => apiRequest<{ headlineId: number | null }>("POST", "/api/admin/autopilot/crown"),
    onSuccess: () => {
      toast({ title: "Winner crowned", description: "The proposed headline is today's winner." });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.autopilot }),
        refreshLists(queryClient),
      ]);
    },
    onError: (error) => onAdminError(error, "Failed to announce winner"),
  });
}
