import { explorerTxUrl } from "@/common/launch-receipt";

/** A sent transaction's signature, shortened, linking to the explorer: the launch's and each trade's. */
export function TransactionLink({ signature }: { signature: string }) {
  return (
    <a
      className="break-all underline underline-offset-4"
      href={explorerTxUrl(signature)}
      target="_blank"
      rel="noreferrer"
    >
      Transaction {signature.slice(0, 12)}... on the explorer
    </a>
  );
}
