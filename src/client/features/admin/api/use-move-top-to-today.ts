import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { MoveTopResult } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function moveTopToToday() {
  return apiRequest<MoveTopResult>("POST", "/api/admin/move-top-headlines-to-today");
}

/**
 * "Move Top 4 to Today's News": the server picks the four most voted in the Tomorrow's News race; they join
 * today's race, which counts only today's votes (their qualifying counts stay on their pages).
 */
export function useMoveTopToToday() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: moveTopToToday,
    onSuccess: (moved) => {
      toast({ title: "Moved to Today's News", description: movedText(moved) });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Operation Failed"),
  });
}

const headlines = (n: number) => (n === 1 ? "1 headline" : `${n} headlines`);

/** "3 headlines joined today's voting; 1 was already in it.": only those that joined are counted as such. */
export function movedText(moved: MoveTopResult): string {
  const joined = moved.filter((h) => h.joinedToday).length;
  const already = moved.length - joined;
  const rest = already === 0 ? "" : `; ${already} ${already === 1 ? "was" : "were"} already in it`;
  if (joined === 0)
    return `${headlines(already)} ${already === 1 ? "was" : "were"} already in today's voting.`;
  return `${headlines(joined)} joined today's voting${rest}.`;
}
