import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { VoidVotesInput, VoidVotesResult } from "@/common/vote-evidence";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function voidVotes({ headlineId, ...input }: VoidVotesInput & { headlineId: number }) {
  return apiRequest<VoidVotesResult>("POST", `/api/admin/headlines/${headlineId}/void-votes`, {
    body: input,
  });
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** "Void these votes": the cluster's votes stop counting; every list showing the headline is refreshed. */
export function useVoidVotes() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: voidVotes,
    onSuccess: (result) => {
      toast({
        title: "Votes voided",
        description: `${plural(result.voided, "vote")} removed. The headline now has ${plural(result.votes, "vote")}.`,
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Void failed"),
  });
}
