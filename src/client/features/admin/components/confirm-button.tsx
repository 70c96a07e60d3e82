import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/client/components/ui/button";

export interface ConfirmStep {
  title: string;
  description: ReactNode;
  confirmLabel: string;
}

export interface ConfirmButtonProps extends Omit<ButtonProps, "onClick" | "asChild"> {
  /** One question, or two for the actions that cannot be undone on something live (an active headline). */
  steps: [ConfirmStep] | [ConfirmStep, ConfirmStep];
  onConfirm: () => void;
  /** Checked before the question opens (e.g. the custom time's fields); false keeps it closed. */
  canOpen?: () => boolean;
  /** The colour of the final "yes": red for deleting. */
  tone?: "default" | "destructive";
}

/**
 * A button that asks first (spec section 5, "Confirmation dialogs precede ..."). The question is a Radix
 * AlertDialog: focus is trapped in it and starts on Cancel. With two steps the second question moves
 * focus back to Cancel, so a double click or a held Enter cannot answer both.
 */
export function ConfirmButton({
  steps,
  onConfirm,
  canOpen,
  tone = "default",
  children,
  ...button
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const current = steps[step] ?? steps[0];
  const last = step === steps.length - 1;

  useEffect(() => {
    if (open && step > 0) cancelRef.current?.focus();
  }, [open, step]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) setStep(0);
  }

  function onTriggerClick(event: MouseEvent) {
    if (canOpen && !canOpen()) event.preventDefault();
  }

  function onAction(event: MouseEvent) {
    if (!last) {
      event.preventDefault();
      setStep((s) => s + 1);
      return;
    }
    onConfirm();
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild onClick={onTriggerClick}>
        <Button {...button}>{children}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          {steps.length > 1 ? (
            <p className="font-pixel text-[10px] uppercase">
              Step {step + 1} of {steps.length}
            </p>
          ) : null}
          <AlertDialogTitle>{current.title}</AlertDialogTitle>
          <AlertDialogDescription>{current.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel ref={cancelRef}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={last ? tone : "default"} onClick={onAction}>
            {current.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
