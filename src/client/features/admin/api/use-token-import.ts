import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { Headline } from "@/common/headline";
import type { ImportTokenInput } from "@/common/trending";
import { refreshLists } from "./refresh-lists";

/** POST /api/tokens/import: the token joins Yesterday's News; the server fills what is not given. */
export async function importToken(input: ImportTokenInput) {
  return apiRequest<Headline>("POST", "/api/tokens/import", { body: input });
}

/** Used by both the trending list's Import buttons and the Manual Token Import form. */
export function useTokenImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importToken,
    onSuccess: () => refreshLists(queryClient),
  });
}
