import { type ChangeEvent, type FocusEvent, type FormEvent, useState } from "react";

/** One message per field: the first problem the check found with it (or the server's word on it). */
export type FieldErrors<TValues> = { [K in keyof TValues]?: string };

/** A form check's answer: the values as the schema outputs them (trimmed, blanks dropped), or the messages. */
export type Validation<TValues, TOutput> =
  | { ok: true; data: TOutput }
  | { ok: false; errors: FieldErrors<TValues> };

/** The fields that hold text, which an <input> or a <textarea> edits as typed. */
export type TextKey<TValues> = {
  [K in keyof TValues]: TValues[K] extends string ? K : never;
}[keyof TValues] &
  string;

export interface SchemaForm<TValues, TOutput = unknown> {
  values: TValues;
  errors: FieldErrors<TValues>;
  /** The fields the visitor has been in and left. */
  touched: { [K in keyof TValues]?: true };
  /** True while handleSubmit's onValid is busy (the request is out). */
  submitting: boolean;
  /** For the <form>: the hook finds each field's control by its `name` in it, and sees which ones lose focus. */
  formProps: { ref: (form: HTMLFormElement | null) => void; onBlur: (event: FocusEvent) => void };
  /** The props of a text box (<input> or <textarea>) bound to a field: name, value and change handler. */
  textField(name: TextKey<TValues>): {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  };
  setValue<K extends keyof TValues>(name: K, value: TValues[K]): void;
  /** Shows a message under a field (a server's refusal) and puts the focus there. */
  setError(name: keyof TValues & string, message: string): void;
  focus(name: keyof TValues & string): void;
  /**
   * For <form onSubmit>: checks every field, then either runs onValid with the schema's output (ignoring
   * further submits until its promise settles) or shows the messages and calls onInvalid with them.
   */
  handleSubmit(
    onValid: (data: TOutput) => void | Promise<void>,
    onInvalid?: (errors: FieldErrors<TValues>) => void,
  ): (event: FormEvent) => void;
  /** Back to the initial values, with no messages, as before the first submit. */
  reset(): void;
}

/**
 * The submission forms' state: values, messages and touched fields, checked by `validate` (the shared
 * schema, see schema-validation.ts). It behaves as the forms did with React Hook Form in its default
 * modes: no message before the first submit; the submit checks everything, shows every message and
 * focuses the first wrong field on the page; from then on each change re-checks its own field, so a
 * message goes as soon as it is fixed. A hundred lines instead of React Hook Form (14.5 kB of gzip), which
 * kept the public forms over the first load's budget (decision 005).
 *
 * `initialValues` and `validate` are read on the first render only, like useState's initial value.
 */
export function useSchemaForm<TValues extends object, TOutput>({
  initialValues,
  validate,
}: {
  initialValues: TValues;
  validate: (values: TValues) => Promise<Validation<TValues, TOutput>>;
}): SchemaForm<TValues, TOutput> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TValues>>({});
  const [touched, setTouched] = useState<SchemaForm<TValues>["touched"]>({});
  const [submitting, setSubmitting] = useState(false);
  // Created once, so the functions are stable (effects can depend on them) and read the latest values from
  // `live` rather than from one render's closure: a check that ends later must compare with what is typed now.
  const [actions] = useState(() => {
    const live = {
      values: initialValues,
      submitted: false,
      busy: false,
      form: null as HTMLFormElement | null,
    };

    // The form's controls in page order; a field's first one (a radio group's first option) stands for it.
    const controls = () => [...(live.form?.elements ?? [])] as HTMLInputElement[];
    const controlOf = (name: string) => controls().find((control) => control.name === name);

    const recheck = async (name: keyof TValues) => {
      const checked = live.values;
      const result = await validate(checked);
      // A later change to this field has its own check on the way; this one is out of date.
      if (live.values[name] !== checked[name]) return;
      setErrors((current) => ({ ...current, [name]: result.ok ? undefined : result.errors[name] }));
    };

    const setValue = <K extends keyof TValues>(name: K, value: TValues[K]) => {
      live.values = { ...live.values, [name]: value };
      setValues(live.values);
      if (live.submitted) void recheck(name);
    };

    return {
      formProps: {
        ref: (form: HTMLFormElement | null) => {
          live.form = form;
        },
        // React's onBlur bubbles (focusout), so the form sees every control the visitor leaves.
        onBlur: ({ target }: FocusEvent) => {
          const name = (target as HTMLInputElement).name as keyof TValues;
          if (name in live.values)
            setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
        },
      },
      setValue,
      setError: (name: keyof TValues & string, message: string) => {
        setErrors((current) => ({ ...current, [name]: message }));
        controlOf(name)?.focus();
      },
      focus: (name: keyof TValues & string) => controlOf(name)?.focus(),
      handleSubmit:
        (
          onValid: (data: TOutput) => void | Promise<void>,
          onInvalid?: (errors: FieldErrors<TValues>) => void,
        ) =>
        async (event: FormEvent) => {
          event.preventDefault();
          if (live.busy) return;
          live.busy = true;
          live.submitted = true;
          try {
            // A check that cannot load (offline) rejects as React Hook Form's did: nothing shows, and the
            // next press tries again.
            const result = await validate(live.values);
            if (!result.ok) {
              setErrors(result.errors);
              controls()
                .find((control) => control.name in result.errors)
                ?.focus();
              onInvalid?.(result.errors);
              return;
            }
            setErrors({});
            setSubmitting(true);
            await onValid(result.data);
          } finally {
            live.busy = false;
            setSubmitting(false);
          }
        },
      reset: () => {
        live.values = initialValues;
        live.submitted = false;
        setValues(initialValues);
        setErrors({});
        setTouched({});
      },
    };
  });

  const textField = (name: TextKey<TValues>) => ({
    name,
    // TextKey holds only the fields whose values are strings.
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      actions.setValue(name, event.target.value as TValues[typeof name]),
  });

  return { values, errors, touched, submitting, textField, ...actions };
}
