import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { TokenHeadlineInput } from "@/common/admin";
import { refreshLists } from "./refresh-lists";

/**
 * "Generate token from address": POST /api/headlines with a session creates a launched token on Yesterday's
 * News (the server decides by the session, not by flags in the body, so none are sent).
 */
export function generateToken(input: TokenHeadlineInput) {
  return apiRequest("POST", "/api/headlines", { body: input });
}

export function useGenerateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateToken,
    onSuccess: () => refreshLists(queryClient),
  });
}
