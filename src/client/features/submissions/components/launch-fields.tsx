import { Controller, useFormContext, useWatch } from "react-hook-form";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/client/components/ui/radio-group";
import type { LaunchStatus, PaidSubmissionFormValues } from "@/common/submission";

const STATUS_LABEL_ID = "submission-launch-status-label";
const DATE_ID = "submission-launch-date";
const DATE_HINT = "Optional.";

const OPTIONS: readonly { value: LaunchStatus; label: string }[] = [
  { value: "launched", label: "Already launched" },
  { value: "upcoming", label: "Launching soon" },
];

/** The paid form's project launch: launched or upcoming, and the date, whose question follows the choice. */
export function LaunchFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<PaidSubmissionFormValues>();
  const status = useWatch({ control, name: "launchStatus" }) ?? "upcoming";
  const dateError = errors.launchDate?.message;
  const statusError = errors.launchStatus?.message;

  return (
    <>
      <div className="flex flex-col gap-2">
        <p id={STATUS_LABEL_ID} className="font-pixel text-[10px] uppercase leading-relaxed sm:text-xs">
          Launch status
        </p>
        <Controller
          control={control}
          name="launchStatus"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              value={field.value ?? "upcoming"}
              onValueChange={field.onChange}
              aria-labelledby={STATUS_LABEL_ID}
              aria-describedby={statusError ? "submission-launch-status-error" : undefined}
              className="grid gap-3 sm:grid-cols-2"
            >
              {OPTIONS.map((option) => {
                const id = `submission-launch-${option.value}`;
                return (
                  <div
                    key={option.value}
                    className="flex min-h-12 items-center gap-3 border-3 border-ink bg-paper px-3 py-2 has-[[data-state=checked]]:bg-paper-dark"
                  >
                    <RadioGroupItem id={id} value={option.value} />
                    <Label
                      htmlFor={id}
                      className="flex-1 cursor-pointer py-2 font-serif text-base normal-case sm:text-base"
                    >
                      {option.label}
                    </Label>
                  </div>
                );
              })}
            </RadioGroup>
          )}
        />
        {statusError ? (
          <p
            id="submission-launch-status-error"
            role="alert"
            className="border-l-4 border-nes-red pl-2 text-sm font-bold"
          >
            {statusError}
          </p>
        ) : null}
      </div>
      <FormField
        id={DATE_ID}
        label={status === "launched" ? "When did your project launch?" : "When is your project launching?"}
        hint={DATE_HINT}
        error={dateError}
      >
        <Input
          id={DATE_ID}
          type="date"
          className="sm:max-w-xs"
          aria-invalid={dateError ? true : undefined}
          aria-describedby={describedBy(DATE_ID, { hint: DATE_HINT, error: dateError })}
          {...register("launchDate")}
        />
      </FormField>
    </>
  );
}
