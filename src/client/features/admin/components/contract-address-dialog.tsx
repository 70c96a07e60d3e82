import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorDetail } from "@/client/lib/api-client";
import { ContractAddressInputSchema } from "@/common/admin";
import { useSetContractAddress } from "../api/use-set-contract-address";

type ContractAddressForm = z.input<typeof ContractAddressInputSchema>;

/**
 * The set-contract-address prompt: a dialog instead of the browser's prompt(), with the shared schema's
 * checks (required; base58 that decodes to a 32-byte Solana address) before anything is sent.
 */
export function ContractAddressDialog({
  headline,
}: {
  headline: { id: number; title: string; contractAddress: string | null };
}) {
  const [open, setOpen] = useState(false);
  const setAddress = useSetContractAddress();
  const id = useId();
  const fieldId = `${id}-address`;
  const form = useForm<ContractAddressForm>({
    resolver: zodResolver(ContractAddressInputSchema),
    defaultValues: { contractAddress: headline.contractAddress ?? "" },
  });
  // A refused save keeps the dialog open, and the page behind it (toasts included) is hidden from screen
  // readers while it is: the server's reason is said here too.
  const error =
    form.formState.errors.contractAddress?.message ??
    (setAddress.error ? errorDetail(setAddress.error, "Contract address update failed") : undefined);
  const editing = headline.contractAddress !== null;

  function onOpenChange(next: boolean) {
    if (next) {
      form.reset({ contractAddress: headline.contractAddress ?? "" });
      setAddress.reset();
    }
    setOpen(next);
  }

  const onSubmit = form.handleSubmit((values) =>
    setAddress.mutate(
      { id: headline.id, contractAddress: values.contractAddress.trim() },
      { onSuccess: () => setOpen(false) },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={editing ? "secondary" : "blue"} size="sm">
          {editing ? "Edit Contract Address" : "Set Contract Address"}
          <span className="sr-only">: {headline.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Contract Address" : "Set Contract Address"}</DialogTitle>
          <DialogDescription>
            The token address of "{headline.title}". Once set, the coin counts as launched and appears on
            Yesterday's News.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField id={fieldId} label="Contract address" error={error}>
            <Input
              id={fieldId}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-sm"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(fieldId, { error })}
              {...form.register("contractAddress")}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="blue" disabled={setAddress.isPending}>
              {setAddress.isPending ? "Saving..." : "Save Address"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
