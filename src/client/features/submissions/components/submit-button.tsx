import { Button } from "@/client/components/ui/button";

/** The form's send button: says it is working and refuses a second press while the request is out. */
export function SubmitButton({
  pending,
  disabled = false,
  label,
}: {
  pending: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      variant="green"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className="w-full sm:w-auto sm:self-start"
    >
      {pending ? (
        <>
          <span aria-hidden="true" className="inline-block size-3 bg-ink motion-safe:animate-pixel-spin" />
          Submitting...
        </>
      ) : (
        label
      )}
    </Button>
  );
}
