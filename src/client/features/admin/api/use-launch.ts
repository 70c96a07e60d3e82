import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { LaunchInput, LaunchSettings, LaunchView, PreparedLaunch, TradeInput } from "@/common/launch";
import { refreshLists } from "./refresh-lists";

/** GET /api/admin/launches/settings: the wallets allowed, the amounts, and the winner's launches. */
export function useLaunchSettings(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.launchSettings,
    queryFn: ({ signal }) => apiGet<LaunchSettings>("/api/admin/launches/settings", signal),
    enabled,
  });
}

/** POST /api/admin/launches: the server prepares the transaction for the wallet. */
export function prepareLaunch(input: LaunchInput): Promise<PreparedLaunch> {
  return apiRequest<PreparedLaunch>("POST", "/api/admin/launches", { body: input });
}

/** POST /api/admin/launches/trades: the server prepares the Sell or the Buy back, with a fresh quote. */
export function prepareTrade(input: TradeInput): Promise<PreparedLaunch> {
  return apiRequest<PreparedLaunch>("POST", "/api/admin/launches/trades", { body: input });
}

/** POST /api/admin/launches/{id}/signed: the server checks it, then sends it. */
export function sendSignedLaunch(id: number, transaction: string): Promise<LaunchView> {
  return apiRequest<LaunchView>("POST", `/api/admin/launches/${id}/signed`, { body: { transaction } });
}

/**
 * GET /api/admin/launches/{id} every 2 s while `sent` is sent (the server asks the chain once per look):
 * answers it as it now stands, or `sent` itself before the first look.
 */
export function useFollowedLaunch(sent: LaunchView | null): LaunchView | null {
  const followed = useQuery({
    queryKey: [...queryKeys.launch, sent?.id],
    queryFn: ({ signal }) => apiGet<LaunchView>(`/api/admin/launches/${sent?.id}`, signal),
    enabled: sent !== null && sent.state === "sent",
    refetchInterval: (query) => (query.state.data?.state === "sent" || !query.state.data ? 2_000 : false),
  });
  return followed.data ?? sent;
}

export interface LaunchFlowInput {
  input: LaunchInput;
  /** Has the wallet and the mint sign the prepared transaction (base64); answers the signed one. */
  sign: (transaction: string) => Promise<string>;
}

/** What a launch's change makes stale: the lists (the winner's address), the dialog's launches, the receipt. */
function useLaunchRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshLists(queryClient),
      queryClient.invalidateQueries({ queryKey: queryKeys.launchSettings }),
      queryClient.invalidateQueries({ queryKey: queryKeys.launchReceipt }),
    ]);
}

/** The whole click, as one mutation: prepare, sign in the wallet and with the mint, send back. */
export function useLaunchFlow() {
  const refresh = useLaunchRefresh();
  return useMutation({
    mutationFn: async ({ input, sign }: LaunchFlowInput) => {
      const prepared = await prepareLaunch(input);
      const signed = await sign(prepared.transaction);
      return sendSignedLaunch(prepared.launch.id, signed);
    },
    onSettled: refresh,
  });
}

/**
 * The Sell's or the Buy back's second half, once staff confirmed the prepared amounts: the wallet signs,
 * the server checks and sends.
 */
export function useTradeSend() {
  const refresh = useLaunchRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      transaction,
      sign,
    }: {
      id: number;
      transaction: string;
      sign: LaunchFlowInput["sign"];
    }) => sendSignedLaunch(id, await sign(transaction)),
    onSettled: refresh,
  });
}
