import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function setContractAddress({ id, contractAddress }: { id: number; contractAddress: string }) {
  return apiRequest<AdminHeadline>("POST", `/api/admin/headlines/${id}/contract-address`, {
    body: { contractAddress },
  });
}

/** A contract address marks the coin launched: it appears on Yesterday's News from then on. */
export function useSetContractAddress() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: setContractAddress,
    onSuccess: () => {
      toast({ title: "Contract address saved", description: "The token is marked as launched." });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Contract address update failed"),
  });
}
