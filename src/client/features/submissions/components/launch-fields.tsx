import { Fieldset } from "@/client/components/ui/fieldset";
import { FieldError } from "@/client/components/ui/form-field";
import { NativeLabel } from "@/client/components/ui/native-label";
import { Radio } from "@/client/components/ui/radio";
import type { SchemaForm } from "@/client/lib/use-schema-form";
import type { LaunchStatus } from "@/common/submission-rules";
import type { PaidSubmissionDraft } from "../form-in-use";
import { TextField } from "./text-field";

const STATUS_ERROR_ID = "submission-launch-status-error";
const DATE_ID = "submission-launch-date";
const DATE_HINT = "Optional.";

const OPTIONS: readonly { value: LaunchStatus; label: string }[] = [
  { value: "launched", label: "Already launched" },
  { value: "upcoming", label: "Launching soon" },
];

/** The paid form's project launch: launched or upcoming, and the date, whose question follows the choice. */
export function LaunchFields({ form }: { form: SchemaForm<PaidSubmissionDraft> }) {
  const status = form.values.launchStatus;
  const statusError = form.errors.launchStatus;

  return (
    <>
      <Fieldset legend="Launch status" aria-describedby={statusError ? STATUS_ERROR_ID : undefined}>
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTIONS.map((option) => {
            const id = `submission-launch-${option.value}`;
            const checked = status === option.value;
            return (
              <div
                key={option.value}
                className="flex min-h-12 items-center gap-3 border-3 border-ink bg-paper px-3 py-2 has-[:checked]:bg-paper-dark"
              >
                <Radio
                  id={id}
                  name="launchStatus"
                  value={option.value}
                  checked={checked}
                  onChange={() => form.setValue("launchStatus", option.value)}
                />
                <NativeLabel
                  htmlFor={id}
                  className="flex-1 cursor-pointer py-2 font-serif text-base normal-case sm:text-base"
                >
                  {option.label}
                </NativeLabel>
              </div>
            );
          })}
        </div>
        {statusError ? <FieldError id={STATUS_ERROR_ID}>{statusError}</FieldError> : null}
      </Fieldset>
      <TextField
        form={form}
        name="launchDate"
        id={DATE_ID}
        label={status === "launched" ? "When did your project launch?" : "When is your project launching?"}
        hint={DATE_HINT}
        type="date"
        className="sm:max-w-xs"
      />
    </>
  );
}
